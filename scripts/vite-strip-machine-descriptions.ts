// A Vite plugin: the machines' state descriptions left out of the production build. They document each state for the
// people who read and maintain the machines (docs/machines.md is generated from them, and the dev build and its
// inspector keep them); at run time nothing reads them, and on the guests' first path they were bytes of prose.
import ts from 'typescript';
import type { Plugin } from 'vite';

const MACHINE_FILE = /[\\/]src[\\/]machines[\\/][^\\/]+\.machine\.ts$/;

/**
 * Blanks out every `description: '…'` property (a string literal) inside a `createMachine(…)` call, with its comma, by
 * spaces: the code keeps its lines and columns, so the file's source map stays right. Anything else is left as it is.
 */
export function stripMachineDescriptions(code: string, fileName = 'machine.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: [number, number][] = [];
  const visit = (node: ts.Node, inMachine: boolean): void => {
    const isMachineCall =
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'createMachine';
    if (
      inMachine &&
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'description' &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
    ) {
      const end = code[node.getEnd()] === ',' ? node.getEnd() + 1 : node.getEnd();
      cuts.push([node.getStart(source), end]);
      return;
    }
    node.forEachChild((child) => visit(child, inMachine || isMachineCall));
  };
  visit(source, false);
  let out = code;
  // From the last cut to the first, so earlier offsets stay valid; a cut's line breaks stay, so lines do not move.
  for (const [start, end] of cuts.reverse()) {
    out = out.slice(0, start) + out.slice(start, end).replace(/[^\n]/g, ' ') + out.slice(end);
  }
  return out;
}

export function stripMachineDescriptionsPlugin(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_FILE.test(id)) return null;
      const stripped = stripMachineDescriptions(code, id);
      // Same lines and columns: the source map as it was.
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}
