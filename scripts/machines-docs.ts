// `npm run machines:docs`: writes docs/machines.md, a Mermaid statechart and a state table for every machine in src/machines.
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

const machinesDir = fileURLToPath(new URL('../src/machines/', import.meta.url));
export const docPath = fileURLToPath(new URL('../docs/machines.md', import.meta.url));

// The graph comes from xstate/graph; its nodes are XState's own state nodes, and each edge carries its transition.
type Transition = AnyTransitionDefinition;
type StateNode = AnyStateNode;

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value;
}

function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') {
    // not(...), and(...), or(...) carry the guards they combine.
    const parts = (value as { guards?: unknown[] }).guards;
    return parts ? `${value.name} ${parts.map(nameOf).join(', ')}` : value.name || 'inline';
  }
  if (typeof value === 'object' && value !== null && 'type' in value) return String((value as { type: unknown }).type);
  return 'inline';
}

function eventLabel(eventType: string, delays: Record<string, unknown>): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} failed`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const delay = delays[after[1]!];
    return `after ${after[1]}${typeof delay === 'number' ? ` (${delay} ms)` : ''}`;
  }
  return eventType === '' ? 'always' : eventType;
}

function transitionLabel(
  transition: Transition,
  delays: Record<string, unknown>,
): { event: string; guard: string; actions: string } {
  return {
    event: eventLabel(transition.eventType, delays),
    guard: transition.guard === undefined ? '' : nameOf(transition.guard),
    actions: transition.actions.map(nameOf).join(', '),
  };
}

/** A node's transitions: its graph edges (one per target; a targetless one points back at the node) and `always`. */
function allTransitions(graph: DirectedGraphNode): Transition[] {
  const transitions = [...new Set(graph.edges.map((edge) => edge.transition))];
  return [...transitions, ...(graph.stateNode.always ?? [])];
}

function mermaidId(node: StateNode): string {
  return node.id.split('.').slice(1).join('_');
}

/** Every state inside its parent's box, each box's initial state marked; no transitions yet. */
function declarationLines(graph: DirectedGraphNode, indent: string): string[] {
  const lines: string[] = [];
  const initial = graph.stateNode.initial?.target[0];
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const childGraph of graph.children) {
    const child = childGraph.stateNode;
    if (childGraph.children.length > 0)
      lines.push(`${indent}state ${mermaidId(child)} {`, ...declarationLines(childGraph, `${indent}  `), `${indent}}`);
    else
      lines.push(
        mermaidId(child) === child.key
          ? `${indent}${child.key}`
          : `${indent}state "${child.key}" as ${mermaidId(child)}`,
      );
  }
  return lines;
}

// Mermaid puts a state where it first meets it, and a transition written inside a box would create its target there;
// so every state is declared first, and every transition follows at the top level.
function diagramLines(root: DirectedGraphNode, delays: Record<string, unknown>): string[] {
  const transitions = descendants(root).flatMap((state) =>
    allTransitions(state)
      .filter((transition) => transition.target?.[0])
      .map((transition) => {
        const { event, guard, actions } = transitionLabel(transition, delays);
        const label = [event, guard && `[${guard}]`, actions && `/ ${actions}`].filter(Boolean).join(' ');
        return `  ${mermaidId(state.stateNode)} --> ${mermaidId(transition.target![0]!)} : ${label}`;
      }),
  );
  return [...declarationLines(root, '  '), ...transitions];
}

function descendants(graph: DirectedGraphNode): DirectedGraphNode[] {
  return graph.children.flatMap((child) => [child, ...descendants(child)]);
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function renderMachine(machine: AnyStateMachine, file: string): string {
  const graph = toDirectedGraph(machine);
  const root = graph.stateNode;
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const states = descendants(graph);
  const out: string[] = [`## \`${root.id}\` (\`src/machines/${file}\`)`, ''];
  if (root.description) out.push(root.description, '');
  // A machine without states (its context is all there is) gets no diagram, only its events below.
  if (states.length > 0) {
    out.push('```mermaid', 'stateDiagram-v2', ...diagramLines(graph, delays), '```', '');
    out.push('| State | Description | Runs while in it |', '| --- | --- | --- |');
  }
  for (const { stateNode: state } of states) {
    const invoked = state.invoke.map((invoke) => `\`${nameOf(invoke.src)}\``).join(', ');
    out.push(
      `| \`${state.id.split('.').slice(1).join('.')}\` | ${cell(state.description ?? '(no description)')} | ${invoked} |`,
    );
  }
  if (states.length > 0) out.push('');

  const stayRows = [graph, ...states].flatMap((state) =>
    allTransitions(state)
      .filter((transition) => !transition.target?.length)
      .map((transition) => {
        const { event, guard, actions } = transitionLabel(transition, delays);
        const where = state === graph ? 'any state' : `\`${state.id.split('.').slice(1).join('.')}\``;
        return `| ${where} | \`${event}\` | ${guard && `\`${guard}\``} | ${cell(actions)} |`;
      }),
  );
  if (root.invoke.length > 0) {
    out.push(
      `Runs for the machine's whole life: ${root.invoke.map((invoke) => `\`${nameOf(invoke.src)}\``).join(', ')}.`,
      '',
    );
  }
  if (stayRows.length > 0) {
    out.push(
      'Events handled without changing state:',
      '',
      '| In | Event | Guard | Actions |',
      '| --- | --- | --- | --- |',
      ...stayRows,
      '',
    );
  }
  return out.join('\n');
}

/** The whole document, from every `*.machine.ts` module's exported machines. */
export async function renderMachinesDoc(): Promise<string> {
  const files = readdirSync(machinesDir)
    .filter((file) => file.endsWith('.machine.ts'))
    .sort();
  const sections: string[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(pathToFileURL(`${machinesDir}${file}`).href);
    for (const machine of Object.values(module).filter(isMachine)) sections.push(renderMachine(machine, file));
  }
  return [
    '# State machines',
    '',
    'Generated by `npm run machines:docs` from the machine definitions in `src/machines/`; do not edit by hand.',
    'A test fails when this file is out of date. To watch the same machines run, see "Inspecting the machines" in docs/development.md.',
    '',
    ...sections,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(docPath, await renderMachinesDoc());
  console.log(`Wrote ${docPath}`);
}
