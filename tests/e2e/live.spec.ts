// Live updates in Chromium against the reference provider: the kitchen's moves reach an open order page over the
// stream (its own refetches are blocked, so nothing else could bring them), also across a provider restart.
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { placeOrderByApi, rememberOnDevice } from './support/guest-device';
import { AUTH, MANAGER } from './support/console';
import type { ProviderProcess } from './support/provider-process';

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

/**
 * The page's stream for the order, answered: the stream starts once the first screen is up and the browser idle, and
 * a move made before it is open reaches the page only through the refetch on connecting, which these tests block.
 */
const orderStream = (page: Page, orderID: string) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/events' &&
      new URL(response.url()).searchParams.get('orderID') === orderID &&
      response.status() === 200,
  );

test.describe('live updates', () => {
  // The kitchen moves when the test says so (a cook's moves through the staff API), never on a clock a busy machine
  // could outrun: each status is on the page before the next move is made.
  let provider: ProviderProcess;
  let staff: APIRequestContext;

  // The worker's provider whose kitchen stays still: each test places and follows its own order.
  test.beforeAll(async ({ playwright, stillProvider }) => {
    provider = stillProvider;
    staff = await playwright.request.newContext({ baseURL: provider.url, extraHTTPHeaders: AUTH });
    expect((await staff.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
  });

  test.afterAll(async () => {
    await staff?.dispose();
  });

  async function move(orderID: string, from: string, to: string) {
    expect((await staff.post(`/api/v1/staff/orders/${orderID}/status`, { data: { from, to } })).status()).toBe(200);
  }

  test('the order page shows each kitchen move as it happens, without a reload or a poll', async ({
    page,
    request,
  }) => {
    const orderID = await placeOrder(request, page, provider.url);
    await blockOrderRefetches(page, orderID);
    const streaming = orderStream(page, orderID);
    await page.goto(`${provider.url}/cart?orderID=${orderID}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderID}` })).toBeVisible();
    await expect(status(page)).toHaveAttribute('data-status', 'received');
    await streaming;
    await move(orderID, 'received', 'preparing');
    await expect(status(page)).toHaveAttribute('data-status', 'preparing');
    await move(orderID, 'preparing', 'ready');
    await expect(status(page)).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('live-region')).toContainText(`Order ${orderID} is now ready.`);
    await move(orderID, 'ready', 'served');
    await expect(status(page)).toHaveAttribute('data-status', 'served');
  });

  test('after the provider stops and starts again, the page reconnects by itself and catches up', async ({
    page,
    request,
  }) => {
    const orderID = await placeOrder(request, page, provider.url);
    await blockOrderRefetches(page, orderID);
    const streaming = orderStream(page, orderID);
    await page.goto(`${provider.url}/cart?orderID=${orderID}`);
    await expect(status(page)).toHaveAttribute('data-status', 'received');
    await streaming;
    // One move over the stream first, so the page has an event id to resume from.
    await move(orderID, 'received', 'preparing');
    await expect(status(page)).toHaveAttribute('data-status', 'preparing');

    await provider.stop();
    await provider.start();
    // The kitchen goes on after the restart (a staff session outlives it); the page hears of it by itself.
    await move(orderID, 'preparing', 'ready');
    await move(orderID, 'ready', 'served');
    await expect(status(page)).toHaveAttribute('data-status', 'served', { timeout: 30_000 });
  });
});
