// A Vite plugin: V8's explicit compile hint at the top of the chunks whose code nearly all runs as soon as they arrive,
// so Chromium compiles their functions while the file streams in, off the main thread, instead of one by one on their
// first call in the tasks that evaluate the chunk and draw the loader's first scene.
import type { Plugin } from 'vite';

/** V8's magic comment (Chromium 136 and later; other engines read a comment): compile every function in this file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The hint as a new first line, and the chunk's source map moved down by it: an empty first line in the mappings (the
 * other fields are relative from segment to segment, and a line's first column is absolute, so nothing else changes).
 */
export function withCompileHint(code: string, sourceMap?: string): { code: string; sourceMap?: string } {
  if (code.startsWith(COMPILE_HINT)) return { code, sourceMap };
  if (sourceMap === undefined) return { code: COMPILE_HINT + code };
  const map = JSON.parse(sourceMap) as { mappings: string };
  return { code: COMPILE_HINT + code, sourceMap: JSON.stringify({ ...map, mappings: movedDown(map.mappings) }) };
}

const movedDown = (mappings: string) => `;${mappings}`;

/**
 * `chunkNames`: the chunks to hint, by name. Not the entry: a page's first script is sometimes compiled on the main
 * thread rather than streamed, and compiling all of it there is one task several times longer than its lazy compile.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  const wanted = new Set(chunkNames);
  return {
    name: 'compile-hints',
    apply: 'build',
    // The hint is added after the file's name is made from its content: it goes into that name too, so a browser that
    // kept a chunk without the hint (files are cached for good) is given the hinted one under a new name.
    augmentChunkHash(chunk) {
      return wanted.has(chunk.name) ? COMPILE_HINT : undefined;
    },
    // After minification (which drops comments) and after Vite's own last edits to the chunks, so the hint is line 1.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const name of wanted) {
          const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === name);
          // A renamed chunk would silently lose its hint, and the boot its speed.
          if (chunk?.type !== 'chunk') throw new Error(`No chunk named ${name} to give its compile hint.`);
          const mapFile = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          const mapAsset = mapFile?.type === 'asset' && typeof mapFile.source === 'string' ? mapFile : undefined;
          const hinted = withCompileHint(chunk.code, mapAsset?.source as string | undefined);
          chunk.code = hinted.code;
          if (mapAsset && hinted.sourceMap) mapAsset.source = hinted.sourceMap;
          if (chunk.map) chunk.map.mappings = movedDown(chunk.map.mappings);
        }
      },
    },
  };
}
