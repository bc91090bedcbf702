// The whole order flow with the keyboard alone: browse, open a dish, add two with a note, pick a table, place the order.
import { expect, test, type Locator, type Page } from './support/test';

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} cannot be reached with Tab`);
}

test('a guest orders a meal without touching the mouse', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('menu-item').first()).toBeVisible({ timeout: 15_000 });

  const pizza = page.getByTestId('category').filter({ hasText: 'Pizza' });
  await tabTo(page, pizza);
  await page.keyboard.press('Enter');
  await expect(pizza).toHaveAttribute('aria-current', 'page');

  const margherita = page.getByRole('link', { name: 'Margherita', exact: true });
  await tabTo(page, margherita);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Margherita' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog; everything from here on is inside it.
  await expect(dialog.locator(':focus')).toHaveCount(1);

  await tabTo(page, dialog.getByRole('button', { name: 'One more' }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('textbox'), { backwards: true });
  await page.keyboard.type('no basil, please');
  await tabTo(page, dialog.getByTestId('add-to-cart'));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  // Focus came back to the dish the guest opened.
  await expect(margherita).toBeFocused();

  await tabTo(page, page.getByTestId('view-cart'));
  await page.keyboard.press('Enter');
  // A new screen puts the keyboard at its heading, as the order page does.
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('no basil, please');

  await tabTo(page, page.getByTestId('place-order'));
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('table-picker');
  await expect(picker).toBeVisible();
  await tabTo(page, picker.getByRole('button', { name: /^Table 5/ }));
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('order-status')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('order-line')).toContainText('Margherita');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(page.getByTestId('current-table')).toContainText('Table 5');
});
