// Build, dev-server and test configuration for the app; the provider serves the build in production.
import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { brotliCopies } from './scripts/vite-brotli.ts';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { firstScreenChunk, preloadFirstScreen } from './scripts/vite-first-screen-preload.ts';
import { stripMachineDescriptionsPlugin } from './scripts/vite-strip-machine-descriptions.ts';
import { compileMessageCatalogs } from './scripts/vite-message-catalogs.ts';
import { pwaPlugins } from './vite.pwa.ts';

/**
 * Paints the loader's still frame from index.html itself, from the same file the app uses, so the two cannot drift.
 * An <img> rather than inline SVG: an image is a candidate for Largest Contentful Paint and inline SVG is not, so the
 * picture the guest sees first is also what LCP measures (the splash's own copy, the same size, does not replace it).
 */
function inlineBootPicture(): Plugin {
  return {
    name: 'inline-boot-picture',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL('./src/ui/loader/plate-still.svg', import.meta.url), 'utf8').trim();
      const src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return html.replace('<!-- plate-still.svg -->', `<img src="${src}" alt="" width="250" height="350" />`);
    },
  };
}

// What the shell, the guests' screens and the console all use, kept in one chunk: left to itself the bundler would cut
// it into several small chunks on the guests' path, one per combination of screens (the console's among them) using it.
const SHELL_SHARED = [
  /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-query)[\\/]/,
  /node_modules[\\/]@tanstack[\\/]query-core[\\/].*(queryObserver|mutationObserver)/,
  /src[\\/](ui[\\/]feedback[\\/]live-announcer|api[\\/]calls|api[\\/]queries)\.tsx?$/,
];

// What main.tsx imports on demand before the guests' first screen shows, and the early script beside the entry.
const FIRST_SCREEN = [
  /src[\\/]api[\\/]query-client\.ts$/,
  /src[\\/]ui[\\/]i18n[\\/]i18n\.ts$/,
  /src[\\/]shell\.tsx$/,
  /src[\\/]routes[\\/]_guest[\\/]index\.tsx\?tsr-split=component$/,
  /src[\\/]routes[\\/]_guest\.tsx\?tsr-split=component$/,
];
const EARLY_SCRIPT = /src[\\/]early\.ts$/;
const BOOT_SHARED = [
  /src[\\/]device[\\/](language|storage-area)\.ts$/,
  /src[\\/]api[\\/](config|early-answers)\.ts$/,
  /contract[\\/]runtime-config\.ts$/,
  /src[\\/]ui[\\/]pos[\\/]opening-rule\.ts$/,
  /src[\\/]ui[\\/]i18n[\\/]catalog-chunks\.ts$/,
  /vite[\\/]preload-helper/,
];
// What the first screen's imports of a package's index reach but it never calls: the orders' and the console's writes,
// the not-found page's Back. Left out of its chunk, they load with the screens that use them.
const NOT_FIRST_SCREEN = [
  /node_modules[\\/]@tanstack[\\/](query-core[\\/].*mutationObserver|react-query[\\/].*useMutation)\.js$/,
  /node_modules[\\/]@tanstack[\\/]react-router[\\/].*useCanGoBack\.js$/,
];
const firstScreen = firstScreenChunk(FIRST_SCREEN, [/src[\\/]main\.tsx$/, EARLY_SCRIPT], NOT_FIRST_SCREEN);

// In development Vite proxies the provider's paths, so the app always talks to its own origin.
const providerUrl = process.env.PROVIDER_URL ?? 'http://127.0.0.1:4174';

export default defineConfig({
  plugins: [
    // Must run before the React plugin: it rewrites route files into code-split chunks.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    stripMachineDescriptionsPlugin(),
    compileMessageCatalogs({ entry: 'src/main.tsx', firstScreen: FIRST_SCREEN }),
    inlineBootPicture(),
    // What main.tsx imports on demand before the menu shows: on a slow network each link of that chain was a round trip.
    preloadFirstScreen(FIRST_SCREEN, { early: EARLY_SCRIPT }),
    firstScreen.plugin,
    // The first screen's chunk and the loader's player: compiled while they stream in, not as they run
    // (docs/decisions/compile-hints.md).
    compileHints(['first-screen', 'plate-animation']),
    brotliCopies(),
    // The service worker and web manifest: built by `vite build` only, never in the unit tests.
    ...(process.env.VITEST ? [] : pwaPlugins()),
  ],
  resolve: {
    alias: [
      // @xstate/react imports the React 17 shims; React 19 has useSyncExternalStore, so the package's own React 18+
      // builds do (the shim would only defer to React's after shipping its fallback).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  server: {
    proxy: {
      '/api': providerUrl,
      '/images': providerUrl,
    },
  },
  build: {
    target: 'es2022',
    // Every browser the app supports preloads modules itself but Safari before 17, which then loads the same chunks
    // as the app asks for them: the polyfill would cost every guest its bytes in the entry.
    modulePreload: { polyfill: false },
    // Built for error tracking, but not linked from the bundles; the provider never serves .map files either.
    sourcemap: 'hidden',
    rolldownOptions: {
      // Slow plugins (the service worker's precache, on a busy machine) are no fault of whoever runs `npm start`, whose
      // build prints only warnings: the timing report is for plugin authors, and would bury the start's last block.
      checks: { bundlerTimings: false },
      onLog(level, log, handler) {
        // lottie-react's index imports lottie-web's full and SVG players too; they are parsed (hence the eval warning)
        // but tree-shaken away, since only the light player is used.
        if (log.code === 'EVAL' && log.id?.includes('/node_modules/lottie-web/')) return;
        handler(level, log);
      },
      // The app, and the early script that sends the menu's first reads while the app's code is on its way.
      input: { index: 'index.html', early: 'src/early.ts' },
      output: {
        codeSplitting: {
          groups: [
            {
              // What the entry and the early script both need (the guest's language, the api's address, the early
              // answers, the opening category's rule, the catalogs' loaders, Vite's loader of chunks on demand): one
              // small chunk of its own, so the early script never waits for the entry's, and one request rather than
              // four (on a slow line each costs its headers and a share of the line).
              name: 'boot-shared',
              test: (id: string) => BOOT_SHARED.some((pattern) => pattern.test(id)),
            },
            {
              // The boot: the entry and all it imports (React, XState), in one chunk. Left alone, the bundler moves
              // React into a chunk of its own as soon as a lazily loaded chunk uses it without the entry's other modules.
              name: 'boot',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]main\.tsx$/,
            },
            {
              name: 'first-screen',
              // Only its own modules: what the entries load stays theirs.
              includeDependenciesRecursively: false,
              test: firstScreen.test,
            },
            {
              name: 'shell-shared',
              // Only these modules: their own dependencies (React, XState) stay in the entry.
              includeDependenciesRecursively: false,
              test: (id: string) => SHELL_SHARED.some((pattern) => pattern.test(id)),
            },
          ],
        },
      },
    },
  },
  test: {
    // The provider tests mostly wait on I/O; two workers keep both cores busy on the 2-core machines this runs on.
    maxWorkers: 2,
    // lottie-web checks `document.readyState` every 100 ms from its import until the page is complete; when a file
    // ends within that tick, the check runs after jsdom is gone. That check, and only it, is not the app's error.
    onUnhandledError: (error) => {
      const stack = [error.stack ?? '', ...('stacks' in error ? (error.stacks ?? []).map((s) => s.file) : [])];
      const lottieReadyCheck =
        error.message === 'document is not defined' && stack.some((line) => line.includes('lottie-web'));
      return lottieReadyCheck ? false : undefined;
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Each file still gets its own jsdom and its own modules, in a vm context of a worker that lives on: jsdom and
          // the runner load once per worker rather than once per file, over a second of CPU a file (the setup file
          // gives the context what Node has and jsdom lacks).
          pool: 'vmForks',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
          restoreMocks: true,
          // A whole app's first render in a file can take seconds on the shared 2-core machine; waits inside a test are
          // bounded by asyncUtilTimeout (tests/setup/unit.ts), so this only guards against a hang.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // A worker runs its files one after another in one process, so the provider's modules load once and a closed
          // test provider's emptied PGlite serves the next file's (tests/server/helpers.ts): half the project's time.
          // Every file starts its own providers on empty databases; what is the process's own (GET /metrics's
          // counters) is measured as a difference.
          isolate: false,
          include: ['tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/docs/**/*.test.ts'],
          // Their every test needs PostgreSQL: without DATABASE_URL each would be a file with no tests, which Vitest fails.
          exclude: process.env.DATABASE_URL
            ? configDefaults.exclude
            : [
                ...configDefaults.exclude,
                'tests/server/live-processes.test.ts',
                'tests/server/postgres-security.test.ts',
                'tests/contract/real-provider-postgres.test.ts',
              ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
