// The cart and the order flow in Chromium against the reference provider: a meal from menu to kitchen, a double click, a provider that goes away.
import { request as tablet } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoAxeViolations } from './support/axe';
import { MANAGER } from './support/console';
import type { ProviderProcess } from './support/provider-process';

const AUTH = { Authorization: 'Bearer demo-token' };

interface ApiOrder {
  orderID: string;
  status: string;
  table_id: number;
  items: { name: string; quantity: number; note: string }[];
}

interface MyOrder {
  orderID: string;
  table_id: number;
  order_key?: string;
}

/** The orders this device has placed (localStorage.my_orders), newest first, each with its key. */
async function myOrders(page: Page): Promise<MyOrder[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('my_orders') ?? '[]') as MyOrder[]);
}

/** A cook starts the order, as the kitchen board's step does: from a tablet of its own (its session stays there). */
async function startPreparing(origin: string, orderID: string): Promise<void> {
  const staff = await tablet.newContext({ baseURL: origin, extraHTTPHeaders: AUTH });
  try {
    expect((await staff.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
    const moved = await staff.post(`/api/v1/staff/orders/${orderID}/status`, {
      data: { from: 'received', to: 'preparing' },
    });
    expect(moved.status()).toBe(200);
  } finally {
    await staff.dispose();
  }
}

/** Reads an order at the provider as its guest can: with the key this device keeps for it. */
async function orderAt(request: APIRequestContext, page: Page, origin: string, orderID: string): Promise<ApiOrder> {
  const key = (await myOrders(page)).find((order) => order.orderID === orderID)?.order_key;
  expect(key).toBeTruthy();
  const withoutKey = await request.get(`${origin}/api/v1/orders?orderID=${orderID}`, { headers: AUTH });
  // Anyone else, without the key, cannot even tell that the order exists.
  expect(withoutKey.status()).toBe(404);
  const response = await request.get(`${origin}/api/v1/orders?orderID=${orderID}`, {
    headers: { ...AUTH, 'X-Order-Key': key! },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiOrder[])[0]!;
}

/** Fills the device's cart and table before the app starts, once per test (the script runs again on every load). */
async function seedDevice(page: Page, entries: object[], tableId = 3) {
  await page.addInitScript(
    ({ entries, tableId }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', 'yes');
      localStorage.setItem('order_items', JSON.stringify(entries));
      localStorage.setItem('table_id', String(tableId));
    },
    { entries, tableId },
  );
}

const entry = (id: string, menu_id: number, name: string, price: number, image: string) => ({
  id,
  menu_id,
  name,
  price,
  image,
});
const margherita = (id: string) => entry(id, 33, 'Margherita', 11.5, '/images/dishes/pizza-1.svg');
const tiramisu = (id: string) => entry(id, 47, 'Tiramisu', 7.5, '/images/dishes/cake-1.svg');

/** With E2E_SCREENSHOTS=dir, saves the page at a tablet's and a phone's size. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1024, 768],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function waitOutTheSplash(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
}

test.describe('with a kitchen that stays still', () => {
  // Its kitchen moves only when a cook does (here, the test through the staff API): never on a clock.
  let provider: ProviderProcess;
  test.beforeAll(({ stillProvider }) => {
    provider = stillProvider;
  });

  test('a guest fills the cart, places the order, removes a line while it is received, adds a dessert, and sees it being prepared', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 1024, height: 768 });

    await page.goto(`${provider.url}/?table=3&category_id=3&sub_cat_id=7`);
    await waitOutTheSplash(page, 'Menu');
    // The scanned table is taken once the floor plan confirms it, and the address then drops it.
    await expect(page).not.toHaveURL(/[?&]table=/, { timeout: 15_000 });
    const card = (name: string) => page.getByTestId('menu-item').filter({ hasText: name });
    await card('Margherita').getByTestId('add-to-cart').click();
    await card('Margherita').getByTestId('add-to-cart').click();
    await card('Diavola').getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    await page.getByTestId('view-cart').click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    const diavolaLine = lines.filter({ hasText: 'Diavola' });
    await diavolaLine.getByTestId('line-increment').click();
    await expect(diavolaLine.getByTestId('line-quantity')).toHaveText('2');
    await expect(lines.filter({ hasText: 'Margherita' }).getByTestId('line-quantity')).toHaveText('2');
    await page.getByTestId('order-note').fill('One pizza without basil, please');
    await expect(page.getByTestId('cart-subtotal')).toHaveText('$52.00');
    await expectNoAxeViolations(page, 'the cart');
    await screenshot(page, 'cart');

    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
    const orderID = new URL(page.url()).searchParams.get('orderID')!;
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderID}` })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'received');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await expect(
      page.getByTestId('my-orders').getByRole('link', { name: new RegExp(`Order ${orderID}`) }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the order page');
    await screenshot(page, 'order-received');

    // The kitchen has not started: a line can still come off, after a confirmation.
    await page.getByRole('button', { name: 'Remove 2 × Diavola' }).click();
    const confirm = page.getByTestId('remove-line-dialog');
    await expect(confirm).toBeVisible();
    await screenshot(page, 'order-remove-line');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByTestId('order-line')).toHaveCount(1);
    await expect(page.getByTestId('order-total')).toHaveText('$23.00');

    // Dessert goes to the same order.
    await page.getByTestId('add-to-order').click();
    const banner = page.getByRole('region', { name: `Adding to order ${orderID}` });
    await expect(banner).toBeVisible();
    await page.getByTestId('category').filter({ hasText: 'Desserts' }).click();
    await card('Tiramisu').getByTestId('add-to-cart').click();
    await expect(banner.getByTestId('add-to-order-result')).toHaveText(`Added 1 × Tiramisu to order ${orderID}`);
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await expectNoAxeViolations(page, 'the menu in add-to-order mode');
    await screenshot(page, 'add-to-order');
    await banner.getByRole('link', { name: 'Done' }).click();

    await expect(page.getByTestId('order-line')).toHaveText([/2 ×\s*Margherita/, /1 ×\s*Tiramisu/]);
    await startPreparing(provider.url, orderID);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'preparing');
    await expect(page.getByTestId('live-region')).toHaveText(`Order ${orderID} is now preparing.`);
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await screenshot(page, 'order-preparing');

    const atProvider = await orderAt(request, page, provider.url, orderID);
    expect(atProvider).toMatchObject({ table_id: 3, status: 'preparing' });
    expect(atProvider.items.map(({ name, quantity }) => ({ name, quantity }))).toEqual([
      { name: 'Margherita', quantity: 2 },
      { name: 'Tiramisu', quantity: 1 },
    ]);
    expect(errors).toEqual([]);
  });

  test('the provider goes away: the guest is told, the cart is kept, and Retry places exactly one order once it is back', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1024, height: 768 });
    await seedDevice(page, [margherita('e2e-a'), margherita('e2e-b'), tiramisu('e2e-c')], 5);

    await page.goto(`${provider.url}/cart`);
    await waitOutTheSplash(page, 'Your cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    const storedCart = () => page.evaluate(() => localStorage.getItem('order_items'));
    const cartBefore = await storedCart();

    await provider.stop();
    await page.getByTestId('place-order').click();
    const error = page.getByTestId('order-error');
    await expect(error).toContainText('We couldn’t reach the restaurant');
    await expect(error).toContainText('Your cart is kept as it was');
    // It may have reached the kitchen: the cart is locked until Retry finds out.
    await expect(error).toContainText('We can’t tell yet whether your order reached the kitchen.');
    await expect(page.getByTestId('line-increment').first()).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('order-note')).not.toBeEditable();
    expect(await storedCart()).toBe(cartBefore);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page).toHaveURL(/\/cart$/);
    await expectNoAxeViolations(page, 'the cart after a failed order');
    await screenshot(page, 'cart-offline');

    await provider.start();
    // The panel's one action is Retry: the same attempt with the same key.
    await expect(page.getByTestId('place-order')).toHaveAccessibleName('Retry');
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
    const orderID = new URL(page.url()).searchParams.get('orderID')!;
    await expect(page.getByTestId('order-line')).toHaveCount(2);

    // One order, remembered once, with its key; the provider has it as sent.
    expect((await myOrders(page)).map((order) => order.orderID)).toEqual([orderID]);
    expect(await orderAt(request, page, provider.url, orderID)).toMatchObject({ orderID, table_id: 5 });
    expect(await storedCart()).toBe('[]');
  });
});

test('a double click on Place order places exactly one order, which the guest then watches until it is served', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await seedDevice(page, [margherita('e2e-d'), tiramisu('e2e-e')]);

  await page.goto('/cart');
  await waitOutTheSplash(page, 'Your cart');
  // On a 320-px phone each line's total takes a row of its own rather than running off the screen.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 568 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const total of await page.getByTestId('line-total').all()) await expect(total).toBeInViewport({ ratio: 1 });
  await page.setViewportSize(size);
  await page.getByTestId('place-order').dblclick();
  await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
  const orderID = new URL(page.url()).searchParams.get('orderID')!;

  // Exactly one order came back to this device (a second request would have placed and recorded a second one).
  expect((await myOrders(page)).map((order) => order.orderID)).toEqual([orderID]);
  expect((await orderAt(request, page, baseURL!, orderID)).items).toHaveLength(2);

  // The e2e provider's kitchen takes 2 s a step; the page asks every 10 s until the order is served.
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'served', { timeout: 30_000 });
  await expect(page.getByTestId('order-status')).toContainText('Your order has been served.');
  await expect(page.getByTestId('add-to-order')).toHaveCount(0);
  await screenshot(page, 'order-served');
});
