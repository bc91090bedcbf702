// The allergen filter end to end: a guest hiding peanuts and milk sees no dish declared to contain them and every
// undeclared dish marked, the filter stays in the address through browsing, a reload and the cart; axe on it.
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshotIfAsked } from './support/screenshots';

test('a guest hiding peanuts and milk sees no dish declaring them, and undeclared dishes marked', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('table_id', '8'));
  await page.goto('/?category_id=3&sub_cat_id=7');
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  const cards = page.getByTestId('menu-item');
  await expect(cards).toHaveCount(7);

  await page.getByText('Allergens and diets').click();
  const hide = page.getByRole('group', { name: 'Hide dishes containing…' });
  await hide.getByRole('checkbox', { name: 'Peanuts' }).check();
  await hide.getByRole('checkbox', { name: 'Milk' }).check();
  await expect(page).toHaveURL(/hide=peanuts(%2C|,)milk/);
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Vegan Garden' })).toContainText('Contains gluten, nuts');
  await expect(cards.filter({ hasText: 'Capricciosa' })).toContainText('Allergens not declared, ask the staff');
  await expectNoAxeViolations(page, 'the POS with the allergen filter open');
  // The allergen pictures are drawn (SVG from the sprite, no emoji font needed): every one has a size, and its drawing
  // came from the sprite (a symbol that did not arrive has no extent).
  const pictures = page.locator('.dish-filter svg[data-allergen], [data-testid="allergen-icons"] svg');
  await expect(pictures.first()).toBeVisible();
  for (const box of await pictures.evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().width))) {
    expect(box).toBeGreaterThan(10);
  }
  await expect
    .poll(() =>
      pictures.evaluateAll((icons) =>
        icons
          .filter((icon) => (icon.querySelector('use')?.getBBox().width ?? 0) === 0)
          .map((icon) => icon.dataset.allergen),
      ),
    )
    .toEqual([]);
  await screenshotIfAsked(page.getByTestId('dish-filter'), 'allergen-pictures');
  await screenshotIfAsked(cards.first(), 'card-allergens');

  // Another category: nothing declaring milk or peanuts, whatever is shown.
  await page.getByRole('link', { name: /^Starters/ }).click();
  await expect(page).toHaveURL(/category_id=1.*hide=peanuts(%2C|,)milk|hide=peanuts(%2C|,)milk.*category_id=1/);
  // The section's heading and dishes switch together: once it says Starters, every card listed is a starter.
  await expect(page.getByRole('heading', { level: 2, name: 'Starters' })).toBeVisible();
  await expect(cards.first()).toBeVisible();
  // Read by retrying assertions on the cards' text, not innerText: a card's cell skips rendering until the browser has
  // drawn a frame with it near the screen (content-visibility), and until then its innerText is empty.
  await expect(
    cards.filter({ hasNotText: /No declared allergens|Contains |Allergens not declared, ask the staff/ }),
  ).toHaveCount(0);
  await expect(cards.getByText(/^Contains .*\b(milk|peanuts)\b/)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
  await expect(page.getByTestId('dish-filter-status')).toBeVisible();
});
