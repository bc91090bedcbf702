// A screen whose code or styles could not be downloaded (the guest went offline): it says so, comes back by itself when
// the network returns, and comes back styled.
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

// A screen is first opened offline only if its code was not fetched before: the page's own clock, jumped over the
// splash elsewhere, would also fire the idle callbacks that fetch the next screens' code. Real time here.
test.use({ realSplash: true });

/** Fills the device's cart and table before the app starts, once per test (the script runs again on every load). */
async function seedDevice(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', 'yes');
    localStorage.setItem(
      'order_items',
      JSON.stringify([{ id: 'a1', menu_id: 33, name: 'Margherita', price: 11.5, image: '/images/dishes/pizza-1.svg' }]),
    );
    localStorage.setItem('table_id', '12');
  });
}

/**
 * Offline, and the app has said so: its banner, put above the page, moves what is below it, so a tap is aimed only once
 * the page has settled.
 */
async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible();
}

/**
 * Follows a link from the keyboard. A pointer click is retried while the page redraws, and on a busy machine one
 * attempt can land (the screen changes) while the retry still waits for the link, which is gone: one key press is one
 * attempt.
 */
async function follow(link: Locator) {
  await link.focus();
  await link.press('Enter');
}

/** The cart's stylesheet gives its column a maximum width; unstyled, it has none. */
const styledMaxWidth = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => getComputedStyle(element).maxWidth);

test('the cart, first opened offline, says so and comes back styled once the network returns', async ({
  page,
  context,
}) => {
  await seedDevice(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  // The menu is all there (its dishes and the cart bar), so only the cart's own code is missing once offline.
  await expect(page.getByTestId('menu-item').first()).toBeVisible();
  await expect(page.getByTestId('view-cart')).toBeVisible();

  await goOffline(page, context);
  await follow(page.getByTestId('view-cart'));
  const alert = page.getByRole('alert').filter({ hasText: 'offline' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Something went wrong');
  await expectNoAxeViolations(page, 'a screen that did not load offline');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: /cart/i })).toBeVisible();
  // Its stylesheet, loaded afresh, may land a moment after the screen's code.
  await expect.poll(() => styledMaxWidth(page, '.cart')).not.toBe('none');
});

test('the order page, first opened offline, says so and comes back styled once the network returns', async ({
  page,
  context,
  request,
  stillProvider,
}) => {
  // A kitchen that stays still, so the order can still take dishes however slowly the page opens.
  await orderPageOffline(page, context, request, stillProvider.url);
});

async function orderPageOffline(page: Page, context: BrowserContext, request: APIRequestContext, origin: string) {
  const placed = await request.post(`${origin}/api/v1/orders`, {
    headers: { Authorization: 'Bearer demo-token' },
    data: { table_id: 5, items: [{ menu_id: 33, quantity: 1, note: '' }] },
  });
  expect(placed.status()).toBe(201);
  const { orderID } = (await placed.json()) as { orderID: string };

  // Adding to the order from the menu, whose Done link leads back to the order page.
  await page.goto(`${origin}/?add_to=${orderID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('menu-item').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Done' })).toBeVisible();

  await goOffline(page, context);
  await follow(page.getByRole('link', { name: 'Done' }));
  const alert = page.getByRole('alert').filter({ hasText: 'offline' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Something went wrong');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(orderID) })).toBeVisible();
  await expect.poll(() => styledMaxWidth(page, '.order')).not.toBe('none');
}
