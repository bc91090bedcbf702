// Live events in the console and the POS, in Chromium against the reference provider: the kitchen board follows
// staff/events with its own refetches blocked, and a dish switched sold out greys out on an open POS and is flagged in
// the cart before checkout, with the menu's refetches blocked: only the streams can bring these changes.
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { placeOrderByApi } from './support/guest-device';
import { startProviderProcess, type ProviderProcess } from './support/provider-process';

const MANAGER = { name: 'manager', password: 'e2e-manager-password' };
const AUTH = { Authorization: 'Bearer demo-token' };
const MARGHERITA = 33;

let provider: ProviderProcess;
let staff: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  provider = await startProviderProcess({ env: { PROVIDER_MANAGER_PASSWORD: MANAGER.password } });
  // Another tablet: the manager's calls straight to the provider.
  staff = await playwright.request.newContext({ baseURL: provider.url, extraHTTPHeaders: AUTH });
  expect((await staff.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
});
test.afterAll(async () => {
  await staff?.dispose();
  await provider?.dispose();
});

/** Lets requests whose path matches through until `block()`; from then on they fail, as with no network. */
async function blockable(page: Page, path: string) {
  let blocked = false;
  await page.route(
    (url) => url.pathname === path,
    (route) => (blocked ? route.abort('connectionrefused') : route.continue()),
  );
  return () => {
    blocked = true;
  };
}

async function setAvailable(menuId: number, available: boolean) {
  expect((await staff.patch(`/api/v1/staff/menu/${menuId}`, { data: { available } })).status()).toBe(200);
}

test('the kitchen board shows a new order and another tablet’s move from staff/events alone', async ({ page }) => {
  const blockBoard = await blockable(page, '/api/v1/staff/orders');
  await page.goto(`${provider.url}/staff`);
  await page.getByLabel('Name').fill(MANAGER.name);
  await page.getByLabel('Password').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
  await expect(page.getByTestId('board-mode')).toHaveText('Live');
  await expect(page.getByTestId('ticket-rail')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('ticket-rail')).toContainText('No open tickets.');
  blockBoard();

  const order = await placeOrderByApi(staff, provider.url, {
    table_id: 9,
    items: [{ menu_id: MARGHERITA, quantity: 2 }],
  });
  const card = page.locator(`[data-order-id="${order.orderID}"]`);
  await expect(card).toHaveAttribute('data-status', 'received');
  await expect(card).toContainText('2 × Margherita');
  await expect(page.getByTestId('live-region')).toContainText('New order for');

  const moved = await staff.post(`/api/v1/staff/orders/${order.orderID}/status`, {
    data: { from: 'received', to: 'preparing' },
  });
  expect(moved.status()).toBe(200);
  await expect(card).toHaveAttribute('data-status', 'preparing');
  await expectNoAxeViolations(page, 'the live kitchen board');
});

test('a dish switched sold out greys on an open POS, and its cart line is flagged before checkout', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The guests' stream starts once the first screen is up and the browser idle; a change made before it is open would
  // reach the page only through the refetch on connecting, which this test blocks.
  const streaming = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
  );
  await page.goto(`${provider.url}/?table=2&category_id=3&sub_cat_id=7`);
  const card = page.getByTestId('menu-item').filter({ hasText: 'Margherita' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('view-cart')).toBeVisible();
  await streaming;
  // Only the stream can bring the change now.
  const blockMenu = await blockable(page, '/api/v1/menu');
  blockMenu();

  await setAvailable(MARGHERITA, false);
  await expect(card).toContainText('Sold out');
  await page.getByTestId('view-cart').click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line').filter({ hasText: 'Margherita' });
  await expect(line.getByTestId('line-unavailable')).toHaveText(/No longer available/);
  await expect(page.getByTestId('sold-out-problem')).toContainText('Margherita is no longer available.');
  await expect(page.getByTestId('place-order')).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page, 'the cart with a sold-out line');

  await setAvailable(MARGHERITA, true);
  await expect(page.getByTestId('sold-out-problem')).toHaveCount(0);
  await expect(line.getByTestId('line-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('place-order')).toHaveAttribute('aria-disabled', 'false');
});
