// One focus ring everywhere, at 3:1 or more against what is behind it: in the header, in the table picker whichever
// way it was opened, and never clipped by the picker's scrolling list.
import { expect, test, type Locator, type Page } from './support/test';

const RING = 'rgb(37, 99, 235)';

async function tabTo(page: Page, target: Locator, max = 60) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} cannot be reached with Tab`);
}

const ringOf = (control: Locator) =>
  control.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle };
  });

/** The focused table option's ring (its box grown by outline offset and width) lies inside the list's visible box. */
const ringFitsInList = (option: Locator) =>
  option.evaluate((element) => {
    const style = getComputedStyle(element);
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const box = element.getBoundingClientRect();
    const list = element.closest('ul')!;
    const visible = list.getBoundingClientRect();
    return (
      box.left - reach >= visible.left - 0.5 &&
      box.right + reach <= visible.right + 0.5 &&
      box.top - reach >= visible.top - 0.5
    );
  });

test('the header, and the table picker opened from the header or from the cart, show the same ring', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('menu-item').first()).toBeVisible({ timeout: 15_000 });

  const tableButton = page.getByRole('button', { name: /table/i }).first();
  await tabTo(page, tableButton);
  expect(await ringOf(tableButton)).toEqual({ color: RING, width: '3px', style: 'solid' });

  await page.keyboard.press('Enter');
  const picker = page.getByTestId('table-picker');
  await expect(picker).toBeVisible();
  const first = picker.getByRole('button', { name: /^Window 1/ });
  await tabTo(page, first);
  expect(await ringOf(first)).toEqual({ color: RING, width: '3px', style: 'solid' });
  expect(await ringFitsInList(first)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  // The same picker from the cart's Place order (no table chosen yet).
  await page.getByTestId('add-to-cart').first().click();
  await page.getByTestId('view-cart').click();
  await page.getByTestId('place-order').click();
  await expect(picker).toBeVisible();
  await tabTo(page, first);
  expect(await ringOf(first)).toEqual({ color: RING, width: '3px', style: 'solid' });
  expect(await ringFitsInList(first)).toBe(true);
});
