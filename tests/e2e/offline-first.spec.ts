// Offline-first in Chromium, with the service worker of the production build: the app reopens without a network, and an
// order placed offline waits on the device and is sent once, by itself, when the network returns.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { AUTH, MANAGER } from './support/console';
import type { ProviderProcess } from './support/provider-process';

// The other specs block service workers (they intercept requests, which a worker would answer first); here it is the
// subject.
test.use({ serviceWorkers: 'allow' });

let provider: ProviderProcess;
let staff: APIRequestContext;

test.beforeAll(async ({ playwright, stillProvider }) => {
  // The worker's provider whose kitchen stays still; the orders counted below are those of this spec's own tables.
  provider = stillProvider;
  staff = await playwright.request.newContext({ baseURL: provider.url, extraHTTPHeaders: AUTH });
  expect((await staff.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
});
test.afterAll(async () => {
  await staff?.dispose();
});

/** The orders the provider holds for a table, as the restaurant's staff see them. */
/** Orders the provider already had at each table when a test began: a retried test finds its first attempt's. */
const before = new Map<number, Set<string>>();

/** The orders placed at the table since the test began. */
async function ordersAt(tableId: number): Promise<{ orderID: string }[]> {
  const response = await staff.get('/api/v1/orders');
  expect(response.status()).toBe(200);
  const orders = (await response.json()) as { orderID: string; table_id: number }[];
  const earlier = before.get(tableId) ?? new Set();
  return orders.filter((order) => order.table_id === tableId && !earlier.has(order.orderID));
}

/** A cart of two dishes at the table, on the device before the app first starts (once: reloads keep what it became). */
async function seedDevice(page: Page, table: number) {
  await page.addInitScript((table) => {
    if (localStorage.getItem('seeded')) return;
    localStorage.setItem('seeded', 'yes');
    localStorage.setItem(
      'order_items',
      JSON.stringify([
        { id: 'a1', menu_id: 33, name: 'Margherita', price: 11.5 },
        { id: 'a2', menu_id: 47, name: 'Tiramisu', price: 6 },
      ]),
    );
    localStorage.setItem('table_id', String(table));
  }, table);
}

/** The first visit, online: the menu shows, and the service worker has the app's files and controls the page. */
async function firstVisit(page: Page, { path = '/', table = 3 } = {}) {
  await seedDevice(page, table);
  await page.goto(`${provider.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: path === '/' ? 'Menu' : /cart/i })).toBeVisible({
    timeout: 15_000,
  });
  // Registered after the splash, once the page is idle; it takes the page over once its files are cached.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The browser's own "No internet" page would have a different title and none of the app. */
async function expectTheApp(page: Page) {
  await expect(page).toHaveTitle(/Order at your table/);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

// The splash from the cache is part of what is checked: it lasts its full 3 s here.
test.describe(() => {
  test.use({ realSplash: true });

  test('reloaded without a network, the app opens from the cache: splash, then the menu with the offline banner and the cart intact', async ({
    page,
    context,
  }) => {
    await firstVisit(page);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    const firstDish = await page.getByTestId('menu-item').first().textContent();

    await goOffline(context, page);
    await page.reload();
    await expectTheApp(page);
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('You’re offline. You can keep browsing what’s already loaded.')).toBeVisible();
    await expect(page.getByTestId('menu-item').first()).toHaveText(firstDish ?? '');
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    // The service worker holds the guests' code, never the console's, and no answer of the API.
    const cached = await page.evaluate(async () => {
      const files: { url: string; text: string }[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          files.push({ url: request.url, text: request.url.includes('.js') ? ((await response?.text()) ?? '') : '' });
        }
      }
      return files;
    });
    expect(cached.some((file) => file.url.includes('/assets/') && file.url.includes('.js'))).toBe(true);
    expect(cached.filter((file) => file.url.includes('/api/'))).toEqual([]);
    expect(cached.filter((file) => file.text.includes('Restaurant console')).map((file) => file.url)).toEqual([]);

    // Another screen, whose code the service worker holds too.
    await page.getByTestId('view-cart').click();
    await expect(page.getByRole('heading', { level: 1, name: /cart/i })).toBeVisible();
    await expect(page.getByText('Margherita')).toBeVisible();
  });
});

/** Place order while offline: the order waits on the device, and nothing reaches the provider. */
async function placeOffline(page: Page, context: BrowserContext, table: number) {
  before.delete(table);
  before.set(table, new Set((await ordersAt(table)).map((order) => order.orderID)));
  await firstVisit(page, { path: '/cart', table });
  await goOffline(context, page);
  await page.getByTestId('place-order').click();
  const queued = page.getByTestId('order-queued');
  await expect(queued).toContainText('Will be sent when you are back online');
  await expect(page.getByTestId('order-error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel this order' })).toBeVisible();
  await expectNoAxeViolations(page, 'an order queued offline');
  // The cart stays as it was, locked.
  await expect(page.getByText('Margherita')).toBeVisible();
  expect(await ordersAt(table)).toEqual([]);
}

/** Back online: the queued order goes by itself, and its page shows. */
async function expectSentOnceBackOnline(page: Page, context: BrowserContext, table: number) {
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/, { timeout: 15_000 });
  const orderID = new URL(page.url()).searchParams.get('orderID') ?? '';
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(orderID) })).toBeVisible();
  const orders = await ordersAt(table);
  expect(orders.map((order) => order.orderID)).toEqual([orderID]);
}

test('an order placed offline is queued, sent exactly once when the network is back, and its page shows', async ({
  page,
  context,
}) => {
  await placeOffline(page, context, 7);
  await expectSentOnceBackOnline(page, context, 7);
  await expectTheApp(page);
});

test('a queued order survives a reload while still offline, and is still placed exactly once', async ({
  page,
  context,
}) => {
  await placeOffline(page, context, 8);
  // Chromium's offline emulation does not cover a request the page's service worker passes on to the network, and after
  // the reload the worker controls the page: the provider goes away too, as it would with the network really gone.
  await provider.stop();
  await page.reload();
  await expectTheApp(page);
  await expect(page.getByTestId('order-queued')).toContainText('Will be sent when you are back online', {
    timeout: 15_000,
  });
  await provider.start();
  expect(await ordersAt(8)).toEqual([]);
  await expectSentOnceBackOnline(page, context, 8);
});

test('a queued order the guest cancels is never sent, and the cart can be changed again', async ({ page, context }) => {
  await placeOffline(page, context, 9);
  await page.getByRole('button', { name: 'Cancel this order' }).click();
  await expect(page.getByTestId('order-queued')).toHaveCount(0);
  await expect(page.getByTestId('place-order')).toBeFocused();
  await context.setOffline(false);
  await expect(page.getByTestId('place-order')).toContainText('Place order');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pending_order'))).toBeNull();
  expect(await ordersAt(9)).toEqual([]);
});

test('a queued order goes when the network is back while the guest is on the menu: placed once, and they are told there', async ({
  page,
  context,
}) => {
  await placeOffline(page, context, 10);
  // The restaurant's name in the header leads to the menu, whose code and dishes the device holds.
  await page.locator('.app-header__brand').click();
  const heading = page.getByRole('heading', { level: 1, name: 'Menu' });
  await expect(heading).toBeVisible();

  await context.setOffline(false);
  const notice = page.getByTestId('placed-notice');
  await expect(notice).toContainText(/Order [0-9A-Z]{8} placed\. The kitchen has it\./, { timeout: 15_000 });
  const firstDish = page.getByTestId('menu-item').first();
  const withNotice = { heading: (await heading.boundingBox())?.y, dish: (await firstDish.boundingBox())?.y };
  const orderID = /Order ([0-9A-Z]{8})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  // The notice goes by itself after a few seconds unless the pointer or the focus is in it: held for the checks below.
  await notice.hover();
  await expect(page.getByTestId('live-region')).toHaveText(`Order ${orderID} placed. The kitchen has it.`);
  // Told, not taken away: the guest is still on the menu.
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
  expect((await ordersAt(10)).map((order) => order.orderID)).toEqual([orderID]);
  await expectNoAxeViolations(page, 'an order placed while the guest was on the menu');

  await notice.getByRole('link', { name: 'View order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(orderID) })).toBeVisible();
  await expect(page.getByTestId('placed-notice')).toHaveCount(0);

  // The notice was said over the foot of the page: the menu without it lies where it lay with it.
  await page.goBack();
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('placed-notice')).toHaveCount(0);
  expect({ heading: (await heading.boundingBox())?.y, dish: (await firstDish.boundingBox())?.y }).toEqual(withNotice);
});
