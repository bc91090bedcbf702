// Debian's Chromium for the benchmarks, launched as the end-to-end tests launch it.
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';

/**
 * tsx keeps function names by wrapping them in an `__name` helper, which does not exist in the page that runs a
 * function passed to `page.evaluate`; every benchmark context defines it as a no-op.
 */
export async function newBenchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await context.addInitScript('globalThis.__name = (target) => target;');
  return context;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
