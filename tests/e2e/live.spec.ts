// Live updates in Chromium against the reference provider: the kitchen's moves reach an open order page over the
// stream (its own refetches are blocked, so nothing else could bring them), also across a provider restart.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startProviderProcess, type ProviderProcess } from './support/provider-process';

const AUTH = { Authorization: 'Bearer demo-token' };

/** Places an order through the API and keeps it among the page's device orders with its key, as if placed there. */
async function placeOrder(request: APIRequestContext, origin: string, page: Page): Promise<string> {
  const response = await request.post(`${origin}/api/v1/orders`, {
    headers: AUTH,
    data: { table_id: 4, items: [{ menu_id: 33, quantity: 1 }] },
  });
  expect(response.status()).toBe(201);
  const { orderID, order_key } = (await response.json()) as { orderID: string; order_key: string };
  // Without its key the provider answers 404 to the order and its stream (order keys).
  await page.addInitScript(
    ([id, key]) =>
      localStorage.setItem(
        'my_orders',
        JSON.stringify([{ orderID: id, table_id: 4, placed_at: new Date().toISOString(), order_key: key }]),
      ),
    [orderID, order_key] as const,
  );
  return orderID;
}

/** Lets the page read the order once; every later read fails, so only the live stream can move the page on. */
async function blockOrderRefetches(page: Page, orderID: string): Promise<void> {
  const counts = { reads: 0, blocked: 0 };
  await page.route(
    (url) => url.pathname === '/api/v1/orders' && url.searchParams.get('orderID') === orderID,
    async (route) => {
      counts.reads += 1;
      if (counts.reads === 1) return route.continue();
      counts.blocked += 1;
      return route.abort('connectionrefused');
    },
  );
}

const status = (page: Page) => page.getByTestId('order-status');

test.describe('live updates', () => {
  let provider: ProviderProcess;

  test.afterEach(async () => {
    await provider?.dispose();
  });

  test('the order page shows each kitchen move as it happens, without a reload or a poll', async ({
    page,
    request,
  }) => {
    provider = await startProviderProcess({ kitchenSeconds: 4 });
    const orderID = await placeOrder(request, provider.url, page);
    await blockOrderRefetches(page, orderID);
    await page.goto(`${provider.url}/cart?orderID=${orderID}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderID}` })).toBeVisible();
    await expect(status(page)).toHaveAttribute('data-status', /received|preparing/);
    await expect(status(page)).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('live-region')).toContainText(`Order ${orderID} is now ready.`);
    await expect(status(page)).toHaveAttribute('data-status', 'served');
  });

  test('after the provider stops and starts again, the page reconnects by itself and catches up', async ({
    page,
    request,
  }) => {
    provider = await startProviderProcess({ kitchenSeconds: 4 });
    const orderID = await placeOrder(request, provider.url, page);
    await blockOrderRefetches(page, orderID);
    await page.goto(`${provider.url}/cart?orderID=${orderID}`);
    await expect(status(page)).toHaveAttribute('data-status', /received|preparing/);
    const first = await status(page).getAttribute('data-status');
    // One move over the stream first, so the page has an event id to resume from.
    await expect(status(page)).not.toHaveAttribute('data-status', first ?? '');

    await provider.stop();
    await provider.start();
    // The kitchen goes on after the restart; the page hears of it without anyone touching it.
    await expect(status(page)).toHaveAttribute('data-status', 'served', { timeout: 40_000 });
  });
});
