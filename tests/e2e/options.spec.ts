// Dish options end to end: a large pizza with two extras and an oat-milk coffee, priced by the dialog and the provider alike.
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';

async function waitOutTheSplash(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
}

test('a guest orders a large pizza with two extras and an oat-milk coffee, and sees them on the order', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('table_id', '8'));
  await page.goto('/?category_id=3&sub_cat_id=7');
  await waitOutTheSplash(page);

  await page.getByRole('button', { name: 'Choose options for Funghi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Funghi' });
  await expect(dialog.getByTestId('add-to-cart')).toBeDisabled();
  await expect(dialog).toContainText('Choose size to add this dish.');
  await expectNoAxeViolations(page, 'the dish dialog with options');
  await dialog.getByRole('radio', { name: /Large 36 cm/ }).check();
  await dialog.getByRole('checkbox', { name: /Extra mozzarella/ }).check();
  await dialog.getByRole('checkbox', { name: /Mushrooms/ }).check();
  await expect(dialog.getByTestId('add-to-cart')).toHaveText('Add 1 to cart · $19.40');
  await dialog.getByTestId('add-to-cart').click();
  await expect(dialog).toBeHidden();

  await page.goto('/?category_id=5&sub_cat_id=12&menu_id=63');
  const coffee = page.getByRole('dialog', { name: 'Flat White' });
  await coffee.getByRole('radio', { name: /Oat milk/ }).check();
  await expect(coffee.getByTestId('add-to-cart')).toHaveText('Add 1 to cart · $4.10');
  await coffee.getByTestId('add-to-cart').click();
  await expect(coffee).toBeHidden();

  await page.getByTestId('view-cart').click();
  await expect(page.getByTestId('line-choices')).toHaveText(['Large 36 cm, Extra mozzarella, Mushrooms', 'Oat milk']);
  await page.getByTestId('place-order').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ })).toBeVisible();
  await expect(page.getByTestId('line-choices')).toHaveText(['Large 36 cm, Extra mozzarella, Mushrooms', 'Oat milk']);
  // The provider's total, priced from its own database, is the dialogs' 19.40 + 4.10.
  await expect(page.getByTestId('order-total')).toHaveText('$23.50');
});
