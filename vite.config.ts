// Build, dev-server and test configuration for the app; the provider serves the build in production.
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
  ],
  server: {
    proxy: {
      '/api': providerUrl,
      '/images': providerUrl,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
