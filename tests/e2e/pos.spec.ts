// The POS screen in Chromium against the reference provider: a guest's whole visit, then a phone and a keyboard.
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

interface StoredEntry {
  menu_id: number;
  name: string;
  price: number | string;
  note?: string;
}

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('order_items') ?? '[]') as StoredEntry[]);

/** The splash shows for 3 s on every full page load; the menu's heading means it is over. */
async function waitOutTheSplash(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
}

test('a guest at table 3 browses, adds dishes, steps back, and finds the cart after a reload', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 1024, height: 768 });

  // The QR code on table 3.
  await page.goto('/?table=3');
  await waitOutTheSplash(page);
  await expect(page.getByTestId('current-table')).toHaveText(/^Window 3/);
  await expect(page).toHaveURL(/\/\?category_id=1$/);
  expect(await page.evaluate(() => localStorage.getItem('table_id'))).toBe('3');
  await expect(page.getByTestId('category').first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('kitchen-summary')).toHaveText(
    /^Kitchen: (no queue right now|\d+ orders? ahead, about \d+ min)$/,
  );
  await expect(page.getByTestId('menu-item').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the POS screen');

  await page.getByTestId('category').filter({ hasText: 'Pizza & Pasta' }).click();
  await expect(page).toHaveURL(/\?category_id=3$/);
  await page
    .getByTestId('sub-category')
    .filter({ hasText: /^Pizza$/ })
    .click();
  await expect(page).toHaveURL(/\?category_id=3&sub_cat_id=7$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Pizza' })).toBeVisible();

  await page.getByRole('link', { name: 'Margherita' }).click();
  const dialog = page.getByTestId('menu-item-dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/menu_id=33/);
  await expect(dialog.getByRole('heading', { name: 'Margherita' })).toBeFocused();
  await expect(dialog).toContainText('Ready in about 12 min');
  await expectNoAxeViolations(page, 'the dish dialog');
  await dialog.getByRole('button', { name: 'One more' }).click();
  await dialog.getByLabel('Note for the kitchen (optional)').fill('No basil, please');
  await dialog.getByTestId('add-to-cart').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\?category_id=3&sub_cat_id=7$/);
  await expect(page.getByRole('link', { name: 'Margherita' })).toBeFocused();
  await expect(page.getByTestId('live-region')).toHaveText('Added 2 × Margherita');

  await page.getByTestId('menu-item').filter({ hasText: 'Diavola' }).getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(page.getByTestId('potential-spend')).toHaveText('$37.50');
  await expect(page.getByTestId('view-cart')).toHaveAccessibleName('View cart, 3 items, $37.50');
  expect(await storedCart(page)).toEqual([
    expect.objectContaining({ menu_id: 33, name: 'Margherita', price: 11.5, note: 'No basil, please' }),
    expect.objectContaining({ menu_id: 33, name: 'Margherita', price: 11.5, note: 'No basil, please' }),
    expect.objectContaining({ menu_id: 34, name: 'Diavola', price: 14.5 }),
  ]);

  // Back steps through the categories the guest chose (opening and closing a dish left nothing in between).
  await page.goBack();
  await expect(page).toHaveURL(/\?category_id=3$/);
  await expect(page.getByTestId('category').filter({ hasText: 'Pizza & Pasta' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('sub-category-all')).toHaveAttribute('aria-current', 'page');

  // Opening and closing a dish far down the list leaves the page where it was.
  const lasagne = page.getByRole('link', { name: 'Lasagne al Forno' });
  await lasagne.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await lasagne.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(lasagne).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  await page.goBack();
  await expect(page).toHaveURL(/\?category_id=1$/);
  await expect(page.getByTestId('category').filter({ hasText: 'Starters' })).toHaveAttribute('aria-current', 'page');

  await page.reload();
  await waitOutTheSplash(page);
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(page.getByTestId('potential-spend')).toHaveText('$37.50');
  await expect(page.getByTestId('current-table')).toHaveText(/^Window 3/);
  expect(await storedCart(page)).toHaveLength(3);
  expect(errors).toEqual([]);
});

test('on a phone: nothing wider than the screen, and search and the dish dialog used with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A shared link to the last section of the last category: both scrolling rails bring their current link into view.
  await page.goto('/?category_id=5&sub_cat_id=14');
  await waitOutTheSplash(page);
  await expect(page.getByTestId('menu-item')).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The restaurant's name is whole beside the language, the table and the cart (on two lines if it must).
  const brand = page.getByRole('link', { name: 'Amber Table' });
  expect(
    await brand.evaluate((name) => name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight),
  ).toBe(true);
  await expect(page.getByTestId('category').filter({ hasText: 'Drinks' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('sub-category').filter({ hasText: 'Juices & smoothies' })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, 'the POS screen on a phone');

  // Into the search box, then Shift+Tab back out and on through the dishes, as a keyboard user would.
  await page.getByTestId('menu-search').focus();
  await page.keyboard.type('lentil');
  // The results follow the typing a little behind, and until the whole menu is in only the section on screen is
  // searched: one dish can match an earlier letter there, and the whole word none (an empty state with a Clear search
  // button of its own). Wait for the whole menu's answer to the whole word.
  await expect(page.getByTestId('search-status')).toHaveText('1 dish matches “lentil” on the menu');
  await expect(page.getByTestId('menu-item')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('search').getByRole('button', { name: 'Clear search' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('menu-search')).toBeFocused();
  await expect(page.getByTestId('menu-item')).toHaveCount(4);

  const smoothie = page.getByRole('link', { name: 'Green Smoothie' });
  await smoothie.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('menu-item-dialog');
  await expect(dialog.getByRole('heading', { name: 'Green Smoothie' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Note for the kitchen (optional)')).toBeFocused();
  await page.keyboard.type('No ice');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'One more' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('add-to-cart')).toHaveText('Add 2 to cart · $11.00');
  // Add stays on screen at the bottom of the dialog, however small the phone.
  await expect(dialog.getByTestId('add-to-cart')).toBeInViewport();
  // On the narrowest phones the Close button stands in for Cancel, so Add is next.
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('add-to-cart')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(smoothie).toBeFocused();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('view-cart')).toBeInViewport();
});
