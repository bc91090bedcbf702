// The compile hint is the chunk's first line, and the chunk's source map still points every position at its source.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, withCompileHint } from '../../../scripts/vite-compile-hints';

// `a.ts` line 1 `const a = 1;` and line 2 `export { a };`, built to one line: "const a=1;export{a};".
const CODE = 'const a=1;export{a};\n';
const MAP = JSON.stringify({
  version: 3,
  sources: ['a.ts'],
  names: [],
  // Column 0 → a.ts 1:0, column 10 → a.ts 2:0.
  mappings: 'AAAA,UACA',
});

describe('withCompileHint', () => {
  it('puts V8’s magic comment on a line of its own at the very top', () => {
    const { code } = withCompileHint(CODE, MAP);
    expect(code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(code.slice(COMPILE_HINT.length)).toBe(CODE);
  });

  it('moves the source map down by that line, so positions still lead to their source', () => {
    const { code, sourceMap } = withCompileHint(CODE, MAP);
    const map = new TraceMap(sourceMap!);
    const exportColumn = code.split('\n')[1]!.indexOf('export');
    expect(originalPositionFor(map, { line: 2, column: 0 })).toMatchObject({ source: 'a.ts', line: 1, column: 0 });
    expect(originalPositionFor(map, { line: 2, column: exportColumn })).toMatchObject({ line: 2, column: 0 });
    // The hint itself comes from no source.
    expect(originalPositionFor(map, { line: 1, column: 5 }).source).toBeNull();
  });

  it('gives a chunk the hint once, however often it is asked', () => {
    const once = withCompileHint(CODE, MAP);
    const twice = withCompileHint(once.code, once.sourceMap);
    expect(twice).toEqual(once);
    expect(withCompileHint(CODE).sourceMap).toBeUndefined();
  });
});
