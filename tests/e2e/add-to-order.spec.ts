// Add-to-order mode: on a phone, the answer to an addition, floated in view when the banner is scrolled away, covers
// neither the sticky section chips nor the View cart pill; offline, an addition waits and is sent once, from any screen.
import { expect, test, type Locator } from './support/test';
import type { ProviderProcess } from './support/provider-process';
import { placeOrderByApi, rememberOnDevice, type PlacedOrder } from './support/guest-device';

// The kitchen still, so the order stays open to additions for the whole test.
let provider: ProviderProcess;
test.beforeAll(({ stillProvider }) => {
  provider = stillProvider;
});

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
};

test('the floating “Added…” message leaves the sticky section chips and the cart pill uncovered', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const placed = await request.post(`${provider.url}/api/v1/orders`, {
    headers: { Authorization: 'Bearer demo-token' },
    data: { table_id: 3, items: [{ menu_id: 33, quantity: 1, note: '' }] },
  });
  expect(placed.status()).toBe(201);
  const placedOrder = (await placed.json()) as PlacedOrder;
  const { orderID } = placedOrder;
  // This device placed it, as far as the app knows: it holds the order's key.
  await rememberOnDevice(page, placedOrder);
  // Something in the cart, so the View cart pill shows too.
  await page.addInitScript(() => {
    localStorage.setItem('order_items', JSON.stringify([{ id: 'a', menu_id: 33, name: 'Margherita', price: 11.5 }]));
    localStorage.setItem('table_id', '3');
  });

  await page.goto(`${provider.url}/?add_to=${orderID}&category_id=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  // Far down the list, where the banner is out of sight and the chips stick under the header.
  const card = page.getByTestId('menu-item').nth(8);
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId('add-to-cart').click();
  const flash = page.locator('.add-to-order-flash');
  await expect(flash).toBeVisible();
  await expect(flash).toContainText('Added 1 ×');

  const chips = await boxOf(page.locator('.sub-tabs'));
  const pill = await boxOf(page.getByTestId('view-cart'));
  const message = await boxOf(flash);
  expect(message.y, 'the message is below the chips').toBeGreaterThanOrEqual(chips.y + chips.height);
  expect(message.y + message.height, 'the message is above the cart pill').toBeLessThanOrEqual(pill.y);
});

test.describe(() => {
  // The service worker serves the app's code offline, as it does for a guest: the order's page opens without a network.
  test.use({ serviceWorkers: 'allow' });

  test('a dish added offline waits, and is added exactly once when the network is back, on whichever screen', async ({
    page,
    context,
    request,
  }) => {
    const placed = await placeOrderByApi(request, provider.url, { table_id: 6, items: [{ menu_id: 33, quantity: 1 }] });
    const { orderID } = placed;
    await rememberOnDevice(page, placed);
    await page.addInitScript(() => localStorage.setItem('table_id', '6'));
    await page.goto(`${provider.url}/?add_to=${orderID}&category_id=4&sub_cat_id=9`);
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    const add = page.getByRole('button', { name: 'Add Tiramisu to your order' });
    await add.click();
    const banner = page.getByRole('region', { name: `Adding to order ${orderID}` });
    await expect(banner.getByTestId('add-to-order-result')).toHaveText(
      'You’re offline: 1 × Tiramisu will be added as soon as you’re back online.',
    );
    await expect(add).toHaveAttribute('aria-disabled', 'true');

    // The guest leaves the menu for the order's page before the network is back.
    await banner.getByRole('link', { name: 'Done' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderID}` })).toBeVisible();
    await context.setOffline(false);

    await expect(page.getByTestId('live-region')).toHaveText(`Added 1 × Tiramisu to order ${orderID}`, {
      timeout: 15_000,
    });
    await expect(page.getByTestId('order-line')).toHaveText([/1 × Margherita/, /1 × Tiramisu/]);
    // The provider's order has the dish once.
    const answer = await request.get(`${provider.url}/api/v1/orders?orderID=${orderID}`, {
      headers: {
        Authorization: 'Bearer demo-token',
        ...(placed.order_key === undefined ? {} : { 'X-Order-Key': placed.order_key }),
      },
    });
    expect(answer.status()).toBe(200);
    const [order] = (await answer.json()) as { items: { name: string; quantity: number }[] }[];
    expect(order?.items.map((line) => `${line.quantity} × ${line.name}`)).toEqual(['1 × Margherita', '1 × Tiramisu']);
  });
});
