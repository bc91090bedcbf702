// The production build leaves the machines' state descriptions out, and nothing else: same lines and columns, and the
// machine still runs the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stripMachineDescriptions } from '../../../scripts/vite-strip-machine-descriptions';

// Read from the repository's root, where the tests run.
const TABLE_MACHINE = readFileSync('src/machines/table.machine.ts', 'utf8');

describe('stripMachineDescriptions', () => {
  it('takes out every state description of a machine, keeping every line and column', () => {
    const stripped = stripMachineDescriptions(TABLE_MACHINE);
    expect(TABLE_MACHINE).toContain('No join under way.');
    expect(stripped).not.toContain('No join under way.');
    expect(stripped).not.toMatch(/\bdescription:/);
    expect(stripped).toHaveLength(TABLE_MACHINE.length);
    expect(stripped.split('\n').map((line) => line.length)).toEqual(
      TABLE_MACHINE.split('\n').map((line) => line.length),
    );
    // What is not a state's description stays: the guards, the actors, the comments' words.
    expect(stripped).toContain("guard: 'hasScan', target: 'joining'");
    expect(stripped).toContain('joinSeating: fromPromise');
  });

  it('leaves descriptions outside a createMachine call, and computed ones, alone', () => {
    const code = [
      "const other = { description: 'kept: not a machine' };",
      'export const m = setup({}).createMachine({',
      "  description: 'the machine',",
      '  states: {',
      "    a: { description: 'state a', on: { go: 'b' } },",
      '    b: { description: `b ${1}` },',
      '  },',
      '});',
    ].join('\n');
    const stripped = stripMachineDescriptions(code);
    expect(stripped).toContain("description: 'kept: not a machine'");
    expect(stripped).not.toContain('the machine');
    expect(stripped).not.toContain('state a');
    expect(stripped).toContain("on: { go: 'b' }");
    expect(stripped).toContain('description: `b ${1}`');
  });
});
