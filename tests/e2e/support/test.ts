// The specs' `test`: each Playwright worker gets a demo provider of its own (so workers run side by side without
// sharing orders or sold-out dishes), the 3 s splash is skipped unless a test is about the splash itself, and the
// browser contexts a test opens close with it.
import { test as base, type BrowserContext, type Page, type WorkerFixture } from '@playwright/test';
import { startProviderProcess, type ProviderProcess } from './provider-process';

export { expect } from '@playwright/test';
export type * from '@playwright/test';

const SPLASH_MS = 3000;

/**
 * The splash lasts 3 s on every full load (the spec's rule, tested where it is the subject). Elsewhere the page's
 * clock jumps over it as soon as it shows: the same timer fires, only sooner. Time otherwise flows as it would.
 */
async function skipSplashes(context: BrowserContext): Promise<void> {
  await context.clock.install();
  const watch = (page: Page) => {
    page.on('domcontentloaded', () => {
      void page
        .getByTestId('splash')
        .waitFor({ state: 'visible', timeout: 30_000 })
        .then(() => page.clock.fastForward(SPLASH_MS))
        // The page was closed, went elsewhere or never showed the splash (no script, a file): nothing to skip.
        .catch(() => {});
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * A worker's demo provider, started from the run's seeded database on first use and disposed with the worker. Every
 * spec orders at a few tables within a minute or two: the order limit is well above that, still enforced.
 */
function workerProvider(kitchenSeconds: number): [WorkerFixture<ProviderProcess, object>, { scope: 'worker' }] {
  return [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: an empty one says "none".
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const provider = await startProviderProcess({ kitchenSeconds, env: { PROVIDER_TABLE_ORDERS_PER_MINUTE: '60' } });
      await use(provider);
      await provider.dispose();
    },
    { scope: 'worker' },
  ];
}

export const test = base.extend<
  { realSplash: boolean; splashes: void },
  { demoProvider: ProviderProcess; stillProvider: ProviderProcess }
>({
  /** True where the splash itself is under test: it then lasts its full 3 s. */
  realSplash: [false, { option: true }],

  // A quick kitchen: an order is served about 6 s after it is placed.
  demoProvider: workerProvider(2),

  // A kitchen that moves only when a cook does (a test, through the staff API): an order stays open to changes however
  // long a busy machine takes. Shared by the worker's specs that need one; each places and follows orders of its own.
  stillProvider: workerProvider(0),

  baseURL: async ({ demoProvider }, use) => use(demoProvider.url),

  splashes: [
    async ({ browser, context, realSplash }, use) => {
      if (!realSplash) await skipSplashes(context);
      // Contexts a test opens itself (two phones, a tablet beside a manager) skip theirs too, and are closed when the
      // test ends: left open, their pages would go on polling, reconnecting and redrawing their timers for the rest
      // of the worker's specs, on the cores those specs need.
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        opened.push(context);
        if (!realSplash) await skipSplashes(context);
        return context;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        await Promise.all(opened.map((context) => context.close().catch(() => {})));
      }
    },
    { auto: true },
  ],
});
