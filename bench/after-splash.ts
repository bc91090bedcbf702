// After the splash: how long from the end of the 3 s splash until the POS screen shows dishes and takes a click.
import type { Browser, Page } from '@playwright/test';
import { newBenchContext } from './browser';
import { summarise, type Figure } from './stats';

export interface AfterSplashResult {
  cold: { itemsShown: Figure; clickAccepted: Figure };
  warm: { itemsShown: Figure; clickAccepted: Figure };
}

interface Marks {
  /** When the app machine left the splash (its `app:ready` mark). */
  splashGone: number | null;
  itemsShown: number | null;
  clickAccepted: number | null;
}

// Runs in the page before its scripts: takes the end of the splash from the app machine's `app:ready` mark (the
// splash element itself only leaves when the app that replaces it is committed), then notes when the first dish can
// be added and when the cart badge shows the click; the click is made the moment the button exists, as an eager
// guest would.
function instrument() {
  const marks: Marks = { splashGone: null, itemsShown: null, clickAccepted: null };
  (window as unknown as { __afterSplash: Marks }).__afterSplash = marks;
  new MutationObserver(() => {
    // Read synchronously: a PerformanceObserver would report the mark only after React may already have committed.
    marks.splashGone ??= performance.getEntriesByName('app:ready', 'mark')[0]?.startTime ?? null;
    if (marks.splashGone !== null && marks.itemsShown === null) {
      const add = document.querySelector<HTMLButtonElement>('[data-testid="menu-item"] [data-testid="add-to-cart"]');
      if (add) {
        marks.itemsShown = performance.now();
        add.click();
      }
    }
    if (
      marks.itemsShown !== null &&
      marks.clickAccepted === null &&
      document.querySelector('[data-testid="cart-count"]')?.textContent === '1'
    ) {
      marks.clickAccepted = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

async function measureLoad(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __afterSplash: Marks }).__afterSplash.clickAccepted !== null,
    null,
    { timeout: 20_000 },
  );
  const marks = await page.evaluate(() => (window as unknown as { __afterSplash: Marks }).__afterSplash);
  return { itemsShown: marks.itemsShown! - marks.splashGone!, clickAccepted: marks.clickAccepted! - marks.splashGone! };
}

export async function measureAfterSplash(browser: Browser, url: string, runs = 5): Promise<AfterSplashResult> {
  const cold = { itemsShown: [] as number[], clickAccepted: [] as number[] };
  const warm = { itemsShown: [] as number[], clickAccepted: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    // Cold: a new profile, nothing cached or persisted.
    const context = await newBenchContext(browser);
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const first = await measureLoad(page, url);
    cold.itemsShown.push(first.itemsShown);
    cold.clickAccepted.push(first.clickAccepted);
    // Warm: the same profile again, with the api cache persisted and the code in the HTTP cache; an empty cart.
    await page.evaluate(() => localStorage.removeItem('order_items'));
    const again = await measureLoad(page, url);
    warm.itemsShown.push(again.itemsShown);
    warm.clickAccepted.push(again.clickAccepted);
    await context.close();
  }
  return {
    cold: { itemsShown: summarise(cold.itemsShown), clickAccepted: summarise(cold.clickAccepted) },
    warm: { itemsShown: summarise(warm.itemsShown), clickAccepted: summarise(warm.clickAccepted) },
  };
}
