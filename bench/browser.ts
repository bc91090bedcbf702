// Debian's Chromium for the benchmarks, launched as the end-to-end tests launch it.
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

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
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
