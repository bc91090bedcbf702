// `npm run build:server`: compiles the provider (server/serve.ts and what it imports) into dist-server/serve.js, with
// the migrations and dish images beside it, where the compiled code looks for them (import.meta.url).
//   tsx scripts/build-server.ts [folder] [--demo]   --demo: also main.js, the demo start (`npm run provider`'s code),
//                                                   which the browser tests run compiled rather than through tsx
import { build } from 'esbuild';
import { cp, readdir, rm } from 'node:fs/promises';

// Another folder may be named (inside the repository, so that the compiled code finds node_modules): a test that builds
// its own copy cannot then pull the files from under another test running the usual one.
const args = process.argv.slice(2);
const OUT = args.find((arg) => !arg.startsWith('--')) ?? 'dist-server';
const demo = args.includes('--demo');

await rm(OUT, { recursive: true, force: true });
await build({
  // serve.js: the provider; ops.js: npm run backup and npm run restore (scripts/ops-command.mjs).
  entryPoints: {
    serve: 'server/serve.ts',
    ops: 'server/ops/backup-cli.ts',
    ...(demo ? { main: 'server/main.ts' } : {}),
  },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // npm packages stay in node_modules (installed with `npm ci --omit=dev`); only our TypeScript is compiled.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('server/db/migrations', `${OUT}/migrations`, { recursive: true });
await cp('server/images/dishes', `${OUT}/images/dishes`, { recursive: true });
const files = await readdir(OUT, { recursive: true });
console.log(`Built the provider into ${OUT}/ (${files.length} files): run it with npm run serve`);
