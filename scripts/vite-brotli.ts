// A Vite plugin: beside each built script and style sheet, its Brotli-compressed copy (`.br`, at the highest quality),
// which the provider sends to browsers that accept it: about an eighth fewer bytes than gzip made on the fly.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Below this, compression saves less than the header that announces it. */
const MIN_BYTES = 1024;

export function brotliCopies(): Plugin {
  return {
    name: 'brotli-copies',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!COMPRESSIBLE.test(output.fileName)) return;
          const bytes = output.type === 'chunk' ? Buffer.from(output.code) : Buffer.from(output.source);
          if (bytes.length < MIN_BYTES) return;
          const compressed = brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          if (compressed.length < bytes.length) await writeFile(join(dir, `${output.fileName}.br`), compressed);
        }),
      );
    },
  };
}
