// End-to-end tests: Debian's Chromium (never a downloaded browser) against the reference provider serving the built app.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // The run's demo database, made once (migrated and seeded) for every demo provider to start from.
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Each worker has a provider of its own (tests/e2e/support/test.ts); much of a browser test is waiting on a
  // kitchen step or a reconnect, so two run side by side on two cores.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry on CI only: a test that passes on its retry is still reported as flaky in the log, never hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    // Recording a trace costs every test about a fifth more time and CPU; the retry of a failed test records one.
    trace: 'on-first-retry',
    // The production build registers a service worker; specs that intercept requests need them to reach the network
    // (Playwright cannot see requests a worker answers). tests/e2e/offline-first.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
