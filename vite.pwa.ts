// The installable app: web manifest and Workbox service worker (vite-plugin-pwa), built only by `vite build`.
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const RESTAURANT_NAME = process.env.VITE_RESTAURANT_NAME || 'Amber Table';

// The console's route modules: autoCodeSplitting makes each route's component a chunk of its own, loaded on demand,
// whose facade is the route file (the routes' definitions themselves stay in the shell's route tree).
const STAFF_ROUTE = /[\\/]src[\\/]routes[\\/]staff(\.tsx|[\\/])/;

/**
 * Finds the chunks only the console reaches, so the service worker never precaches them: every chunk the entry
 * reaches through static and dynamic imports without passing through a console route is the guests'; the rest is
 * the console's. Guests' devices then never download the console's code, online or not.
 */
function consoleChunks(found: Set<string>): Plugin {
  return {
    name: 'console-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      found.clear();
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const isConsole = (fileName: string) =>
        STAFF_ROUTE.test(byFile.get(fileName)?.facadeModuleId?.split('?')[0] ?? '');
      const guests = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || guests.has(fileName) || isConsole(fileName)) return;
        guests.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) guests.add(css);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      for (const file of Object.values(bundle)) {
        if (!guests.has(file.fileName) && /\.(js|css)$/.test(file.fileName)) found.add(file.fileName);
      }
    },
  };
}

export function pwaPlugins(): Plugin[] {
  const consoleFiles = new Set<string>();
  return [
    consoleChunks(consoleFiles),
    ...VitePWA({
      // Registered by the app itself, after the page has loaded and gone idle, from a chunk of its own
      // (src/ui/shell/register-service-worker.ts): nothing is added to index.html's scripts.
      injectRegister: false,
      // A new version waits until the guest chooses to reload (the update prompt), never mid-checkout.
      registerType: 'prompt',
      strategies: 'generateSW',
      // Off in development (and so in the unit tests, which never build).
      devOptions: { enabled: false },
      // The glob below already takes public/'s icons.
      includeManifestIcons: false,
      manifest: {
        name: RESTAURANT_NAME,
        short_name: RESTAURANT_NAME,
        description: 'Browse the menu, build your order and send it to the kitchen from your table.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c1917',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // The app shell and the guests' route chunks; source maps and the bundler's manifest stay out.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['**/.vite/**'],
        // The provider never serves source maps.
        sourcemap: false,
        manifestTransforms: [
          async (entries) => ({
            // The web manifest is left to the network: the provider serves it under the restaurant's current name.
            manifest: entries.filter((entry) => {
              const file = entry.url.replace(/^\//, '');
              return !consoleFiles.has(file) && file !== 'manifest.webmanifest';
            }),
            warnings: [],
          }),
        ],
        // Every page path opens the app from the cache, as the provider's own fallback does online. The console's
        // pages and the provider's calls and files are never answered by the service worker.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/images\//, /^\/staff(\/|$)/],
        cleanupOutdatedCaches: true,
        // The first version takes the page over as soon as it is installed, so the dish pictures of that first visit
        // are cached already. A later version still waits for the guest's Reload (no skipWaiting).
        clientsClaim: true,
        runtimeCaching: [
          {
            // Dish pictures, the provider's own or a CDN's: kept once seen, so the menu keeps its pictures offline.
            urlPattern: ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'dish-images',
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
              // 0: a CDN's picture fetched without CORS (opaque); still a picture, and capped by maxEntries.
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ];
}
