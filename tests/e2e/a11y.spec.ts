// axe-core on every screen and state a guest can meet: zero WCAG A/AA (and best-practice) violations.
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

async function openMenu(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('menu-item').first()).toBeVisible({ timeout: 15_000 });
}

test.describe(() => {
  test.use({ realSplash: true });
  test('the splash', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('splash')).toBeVisible();
    await expectNoAxeViolations(page, 'the splash');
  });
});

test('the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expectNoAxeViolations(page, 'the not-found page');
});

test('the POS screen, its dish dialog, its search and the table picker', async ({ page }) => {
  await openMenu(page);
  await expectNoAxeViolations(page, 'the POS screen');

  await page.getByTestId('menu-item').first().getByRole('link').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'the dish dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByTestId('menu-search').fill('soup');
  await expect(page.getByTestId('search-status')).toBeVisible();
  await expectNoAxeViolations(page, 'search results');
  await page.getByTestId('menu-search').fill('');

  await page.getByTestId('current-table').click();
  await expect(page.getByTestId('table-option').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the table picker');
});

test('an empty cart', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expectNoAxeViolations(page, 'an empty cart');
});

test('the cart, each way placing an order can fail, the order page and add-to-order mode', async ({
  page,
  stillProvider,
}) => {
  // Nine screens, each checked by axe (a second or more of CPU each on a busy machine): more than one test's minute.
  test.setTimeout(120_000);
  // A kitchen that stays still: the order is still being prepared (so dishes can be added) however long axe takes.
  await cartOrderPageAndAddToOrder(page, stillProvider.url);
});

async function cartOrderPageAndAddToOrder(page: Page, origin: string) {
  await page.addInitScript(() => localStorage.setItem('table_id', '5'));
  await openMenu(page, `${origin}/`);
  await page.getByTestId('menu-item').first().getByTestId('add-to-cart').click();
  await page.getByTestId('menu-item').nth(1).getByTestId('add-to-cart').click();
  await page.getByTestId('view-cart').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expectNoAxeViolations(page, 'the cart');

  const failures: [string, Parameters<Page['route']>[1]][] = [
    ['offline', (route) => route.abort('internetdisconnected')],
    [
      'refused',
      (route) =>
        route.fulfill({
          status: 422,
          json: {
            error: { code: 'invalid', message: 'Margherita is sold out', fields: { 'items.0.menu_id': 'sold out' } },
          },
        }),
    ],
    [
      'provider',
      (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'The kitchen printer is jammed' } } }),
    ],
  ];
  for (const [kind, answer] of failures) {
    await page.route('**/api/v1/orders', answer);
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('order-error')).toHaveAttribute('data-kind', kind);
    await expectNoAxeViolations(page, `the cart after a failure (${kind})`);
    await page.unroute('**/api/v1/orders');
    // A refusal naming a line offers its removal as the one way on; Place order waits until then.
    if (kind === 'refused') await page.getByRole('button', { name: 'Remove what wasn’t accepted' }).click();
  }

  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('order-status')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'the order page');

  await page.getByTestId('add-to-order').click();
  await expect(page.getByRole('region', { name: /Adding to order/ })).toBeVisible();
  await expect(page.getByTestId('menu-item').first()).toBeVisible();
  await expectNoAxeViolations(page, 'add-to-order mode');
}

test('a failed order by timeout', async ({ page }) => {
  // The client gives up after 10 s; an answer that never comes is the only honest way to reach this state. The page's
  // clock jumps the 10 s once the request has left.
  await page.addInitScript(() => {
    localStorage.setItem('table_id', '5');
    localStorage.setItem(
      'order_items',
      JSON.stringify([{ id: '6f1c1f0e-0000-4000-8000-000000000001', menu_id: 1, name: 'Tomato soup', price: 7.5 }]),
    );
  });
  let sent!: () => void;
  const requested = new Promise<void>((resolve) => (sent = resolve));
  await page.route('**/api/v1/orders', () => sent());
  await page.goto('/cart');
  await page.getByTestId('place-order').click();
  await requested;
  await page.clock.fastForward(10_000);
  await expect(page.getByTestId('order-error')).toHaveAttribute('data-kind', 'timeout');
  await expectNoAxeViolations(page, 'the cart after a timeout');
});

test('an unknown order', async ({ page }) => {
  await page.goto('/cart?orderID=NOSUCH00');
  await expect(page.getByText('We could not find that order')).toBeVisible();
  await expectNoAxeViolations(page, 'an unknown order');
});
