// Live updates in Chromium against the reference provider: the kitchen's moves reach an open order page over the
// stream (its own refetches are blocked, so nothing else could bring them), also across a provider restart.
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { placeOrderByApi, rememberOnDevice } from './support/guest-device';
import { startProviderProcess, type ProviderProcess } from './support/provider-process';

/** An order placed as if from this page's device: the page holds its key, as after placing it there. */
async function placeOrder(request: APIRequestContext, page: Page, origin: string): Promise<string> {
  const order = await placeOrderByApi(request, origin, { table_id: 4, items: [{ menu_id: 33, quantity: 1 }] });
  await rememberOnDevice(page, order);
  return order.orderID;
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
    const orderID = await placeOrder(request, page, provider.url);
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
    const orderID = await placeOrder(request, page, provider.url);
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
