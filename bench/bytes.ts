// Bytes on the critical path: the app's gzip-compressed JS and CSS per boot milestone, next to a bare React 19 "hello world".
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BytesResult {
  bareReact: number;
  entry: number;
  untilPosInteractive: number;
  /**
   * Console code in the chunks counted until the menu takes a click: the console's screens, calls and machines (0
   * expected), and apart from them the /staff routes' entries the route tree keeps (paths, search checks) while their
   * screens load in chunks of their own. Each part's modules as rendered (before minification), compressed together,
   * and named.
   */
  consoleOnGuestPath: { screens: ConsolePart; routeEntries: ConsolePart };
  splashAnimation: number;
  /** The service worker's registration chunk, fetched after load and idle; 0 before the splash when it is not on the path. */
  serviceWorker: { registration: number; worker: number; beforeSplash: number };
  chunks: { file: string; gzip: number; phase: string }[];
}

export interface ConsolePart {
  gzip: number;
  modules: { chunk: string; module: string }[];
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The bare React baseline: the same bundler, plugin and target, rendering one heading. */
async function buildBareReact(workDir: string): Promise<number> {
  // Inside the project, so `react` resolves from its node_modules.
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    join(workDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(workDir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello, world</h1>);\n",
  );
  const outDir = join(workDir, 'dist');
  await build({
    configFile: false,
    root: workDir,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, target: 'es2022', manifest: true },
  });
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  return Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .reduce((sum, chunk) => sum + gzipSize(join(outDir, chunk.file)), 0);
}

/**
 * The staff console's code, as .dependency-cruiser.cjs's `guests-never-reach-the-console` names it: its screens, its
 * calls and its machines, and its routes. The rule keeps guests' imports off it; this finds it in the built chunks.
 */
// The menu editor's address check (`?edit=`) is its route's search check, part of the route's entry like the other
// routes' checks; it lives beside the editor, which reads addresses with the same pattern, so it is counted with the
// routes' entries, not as the console's screens.
const EDIT_SEARCH_CHECK = /^src\/ui\/staff\/menu-editor\/edit-search\.ts$/;
const CONSOLE_CODE =
  /^src\/(ui\/staff\/(?!menu-editor\/edit-search\.ts$)|api\/(staff-|menu-admin-calls\.ts|report-calls\.ts)|machines\/staff-)/;
const CONSOLE_ROUTES = new RegExp(`${/^src\/routes\/staff(\.tsx|\/)/.source}|${EDIT_SEARCH_CHECK.source}`);

/** Where buildApp leaves, beside the manifest, each chunk's console modules with their rendered code. */
const CONSOLE_MODULES = '.vite/console-modules.json';
type ConsoleModules = Record<string, { module: string; code: string }[]>;

/** Builds the app with a manifest into `outDir` (which the bench then serves), noting the console code in each chunk. */
export async function buildApp(outDir: string): Promise<void> {
  const output = await build({ logLevel: 'warn', build: { outDir, manifest: true, emptyOutDir: true } });
  const found: ConsoleModules = {};
  for (const bundle of Array.isArray(output) ? output : [output]) {
    if (!('output' in bundle)) continue;
    for (const chunk of bundle.output) {
      if (chunk.type !== 'chunk') continue;
      const modules = Object.entries(chunk.modules).flatMap(([id, rendered]) => {
        // Module ids are absolute, some with a plugin's query (`?tsr-split=component`) or a virtual prefix.
        const module = relative(process.cwd(), id.replace(/^\0/, ''));
        return (CONSOLE_CODE.test(module) || CONSOLE_ROUTES.test(module)) && rendered.renderedLength > 0
          ? [{ module, code: rendered.code ?? '' }]
          : [];
      });
      if (modules.length > 0) found[chunk.fileName] = modules;
    }
  }
  writeFileSync(join(outDir, CONSOLE_MODULES), `${JSON.stringify(found)}\n`);
}

/** Every chunk a chunk needs before it runs: its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function keyOf(manifest: Manifest, matches: (key: string) => boolean, what: string): string {
  const key = Object.keys(manifest).find(matches);
  if (!key) throw new Error(`The build has no chunk for ${what}; the bench must be updated.`);
  return key;
}

export async function measureBytes(appDir: string, bareDir: string): Promise<BytesResult> {
  const manifest: Manifest = JSON.parse(readFileSync(join(appDir, '.vite/manifest.json'), 'utf8'));
  // The boot chunk is index.html's script itself: without the modulepreload polyfill the page's own chunk would hold
  // nothing but its import, and the manifest lists no index.html.
  const entryKey = keyOf(manifest, (key) => manifest[key]?.name === 'boot' && key.endsWith('.js'), 'the entry');
  // What the boot sequence fetches before the POS screen can take a click: the early script (its reads travel beside
  // the code; the splash does not wait for it), the cache restore, the shell, the POS route. The build puts the last
  // three in one chunk of their own (vite.config.ts, `first-screen`).
  const earlyKey = Object.keys(manifest).find((key) => key.endsWith('src/early.ts'));
  const firstScreenKey = Object.keys(manifest).find((key) => /^_first-screen-[\w-]+\.js$/.test(key));
  const phases: [string, string][] = [
    ['entry', entryKey],
    ...(earlyKey ? [['early script', earlyKey] as [string, string]] : []),
    ...(firstScreenKey
      ? [['first screen', firstScreenKey] as [string, string]]
      : ([
          ['rehydrate', keyOf(manifest, (key) => key.includes('query-client'), 'the query cache')],
          ['shell', keyOf(manifest, (key) => key.endsWith('src/shell.tsx'), 'the shell')],
          ['pos screen', keyOf(manifest, (key) => key.startsWith('src/routes/_guest/index.tsx'), 'the POS route')],
        ] as [string, string][])),
  ];
  // The guest's message catalog (English here; each language is its own chunk of about the same size), where the app has
  // one: the part the boot loads for the menu's first screen (scripts/message-split.ts), or the whole catalog.
  const catalogKey = Object.keys(manifest).find((key) => /i18n\/catalogs\/en\.json(\?part=first)?$/.test(key));
  if (catalogKey) phases.push(['catalog', catalogKey]);
  const splashKey = keyOf(manifest, (key) => key.endsWith('plate-animation.tsx'), 'the splash animation');

  const counted = new Set<string>();
  const chunks: BytesResult['chunks'] = [];
  const add = (file: string, phase: string) => {
    if (counted.has(file)) return 0;
    counted.add(file);
    const gzip = gzipSize(join(appDir, file));
    chunks.push({ file, gzip, phase });
    return gzip;
  };
  const filesOf = (key: string) =>
    [...staticClosure(manifest, key)].flatMap((chunkKey) => [
      manifest[chunkKey]!.file,
      ...(manifest[chunkKey]!.css ?? []),
    ]);

  let entry = 0;
  let untilPosInteractive = 0;
  for (const [phase, key] of phases) {
    const bytes = filesOf(key).reduce((sum, file) => sum + add(file, phase), 0);
    if (phase === 'entry') entry = bytes;
    untilPosInteractive += bytes;
  }
  const consoleModules: ConsoleModules = JSON.parse(readFileSync(join(appDir, CONSOLE_MODULES), 'utf8'));
  const onGuestPath = [...counted].flatMap((file) =>
    (consoleModules[file] ?? []).map((found) => ({ chunk: file, ...found })),
  );
  const part = (pattern: RegExp): ConsolePart => {
    const modules = onGuestPath.filter(({ module }) => pattern.test(module));
    const code = modules.map((found) => found.code).join('\n');
    return {
      gzip: modules.length === 0 ? 0 : gzipSync(code, { level: 9 }).length,
      modules: modules.map(({ chunk, module }) => ({ chunk, module })),
    };
  };
  const consoleOnGuestPath = { screens: part(CONSOLE_CODE), routeEntries: part(CONSOLE_ROUTES) };
  const splashAnimation = filesOf(splashKey).reduce(
    (sum, file) => sum + add(file, 'splash animation (not needed to order)'),
    0,
  );
  // The service worker must add nothing before the splash: its registration (and workbox-window, which it imports on
  // demand) are chunks of their own, loaded after the page and the splash; none may be in the entry's closure.
  const registrationKey = keyOf(manifest, (key) => key.endsWith('register-service-worker.ts'), 'the SW registration');
  const ownFiles = [registrationKey, ...(manifest[registrationKey]!.dynamicImports ?? [])].map(
    (key) => manifest[key]!.file,
  );
  const entryFiles = new Set(filesOf(entryKey));
  const serviceWorker = {
    beforeSplash: ownFiles
      .filter((file) => entryFiles.has(file))
      .reduce((sum, file) => sum + gzipSize(join(appDir, file)), 0),
    registration: ownFiles.reduce((sum, file) => sum + add(file, 'service worker registration (after load)'), 0),
    worker: readdirSync(appDir)
      .filter((file) => /^(sw|workbox-[\w-]+)\.js$/.test(file))
      .reduce((sum, file) => sum + gzipSize(join(appDir, file)), 0),
  };
  return {
    bareReact: await buildBareReact(bareDir),
    entry,
    untilPosInteractive,
    consoleOnGuestPath,
    splashAnimation,
    serviceWorker,
    chunks,
  };
}
