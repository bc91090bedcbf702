// The menu back office end to end, from the production start on an empty database: a manager imports the shipped
// demo menu, adds a dish with a photo, changes a price, gives a breakfast category its hours (by keyboard alone), and
// a guest's phone shows each change live; axe on every back-office screen; screenshots in test-results/menu-admin.
import { expect, test, type Browser, type Page } from './support/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { MANAGER } from './support/console';
import { emptyDatabase, type EmptyDatabase } from './support/empty-database';
import { startProviderProcess, type ProviderProcess } from './support/provider-process';
import { screenshotIfAsked } from './support/screenshots';

let provider: ProviderProcess;
let database: EmptyDatabase | undefined;

test.beforeAll(async () => {
  // A first start initialises the database and forks its process (node:cluster), each compiling the TypeScript.
  test.setTimeout(300_000);
  // `npm run serve`'s start: no demo menu, no tables, only the manager PROVIDER_MANAGER_PASSWORD makes.
  // An empty PostgreSQL database of its own where the run has a server (DATABASE_URL, as on CI), else PGlite.
  database = await emptyDatabase('e2e-menu-admin');
  provider = await startProviderProcess({
    entry: 'server/serve.ts',
    env: { PROVIDER_MANAGER_PASSWORD: MANAGER.password, PROVIDER_WORKERS: '1', ...database.env },
  });
});
test.afterAll(async () => {
  await provider?.dispose();
  await database?.drop();
});

const shot = (page: Page, name: string) => screenshotIfAsked(page, `menu-admin-${name}`, { fullPage: false });

async function device(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  // The restaurant's hours are in its time zone (UTC by default); the devices read the same clock.
  const context = await browser.newContext({ viewport, timezoneId: 'UTC' });
  return context.newPage();
}

/** Hours that have not begun yet today, every day: the category is closed now and says when it opens. */
function laterToday(): { from: string; to: string; opens: string } {
  const hour = new Date().getUTCHours();
  const from = hour >= 21 ? 1 : hour + 2;
  const pad = (value: number) => String(value).padStart(2, '0');
  // As the guest's phone (en-US, UTC) writes the time it opens: "4:00 PM".
  const opens = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, from),
  );
  return { from: `${pad(from)}:00`, to: `${pad(from + 1)}:30`, opens };
}

test('a manager loads, extends and changes the menu, and a guest’s phone follows live', async ({ browser }) => {
  // One walk through every screen, with two browsers and a provider; minutes when the machine is shared.
  test.setTimeout(420_000);
  const manager = await device(browser, { width: 1280, height: 800 });
  await manager.goto(`${provider.url}/staff/menu-import`);
  await manager.getByLabel('Name').fill(MANAGER.name);
  await manager.getByLabel('Password').fill(MANAGER.password);
  await manager.getByRole('button', { name: 'Sign in' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();

  // A file with errors: they are listed in plain words, and wrap within the page however long what they quote.
  const bad = {
    version: 1,
    categories: [
      {
        name: 'Starters',
        sub_categories: [
          { name: 'Salads', items: [{ name: 'Caesar Salad', price: 9, allergens: ['peanut', 'x'.repeat(300)] }] },
        ],
      },
    ],
  };
  await manager
    .getByLabel('Menu file')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  const errors = manager.getByRole('table', { name: 'Errors in the file' });
  await expect(errors).toContainText('“peanut” is not one of the 14 allergens; did you mean “peanuts”?');
  expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // Apply is off while the file has errors, and looks it: grey and dashed, not the primary button's fill.
  const apply = manager.getByRole('button', { name: /^Apply:/ });
  await expect(apply).toHaveAttribute('aria-disabled', 'true');
  await expect(apply).toHaveCSS('border-top-style', 'dashed');
  await expect(apply).toHaveCSS('background-color', 'rgb(245, 245, 244)');

  // The shipped demo MenuDocument into the empty restaurant: a dry run first, then applied.
  await manager.getByLabel('Menu file').setInputFiles('examples/demo-menu.json');
  const report = manager.getByTestId('import-report');
  await expect(report).toContainText('This file would: 96 added, 0 changed, 0 hidden');
  await expectNoAxeViolations(manager, 'the import screen with a dry run’s report');
  await shot(manager, '1-import-dry-run');
  await expect(apply).toHaveCSS('border-top-style', 'solid');
  await manager.getByRole('button', { name: /^Apply: 96 to add/ }).click();
  await expect(report).toContainText('Imported: 96 added, 0 changed, 0 hidden');

  // A guest's phone on the pizzas.
  const guest = await device(browser, { width: 390, height: 844 });
  await guest.goto(`${provider.url}/`);
  await guest
    .getByRole('link', { name: /^Pizza & Pasta/ })
    .first()
    .click();
  const cards = guest.getByTestId('menu-item');
  const margherita = cards.filter({ hasText: 'Margherita' });
  await expect(margherita).toContainText('$11.50');

  // A new dish, with its allergens declared, then its photo from the tablet's files.
  await manager.getByRole('link', { name: 'Edit menu' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Edit the menu' })).toBeVisible();
  await manager.getByRole('link', { name: 'Add a dish to Pizza' }).click();
  const form = manager.getByTestId('dish-form');
  await form.getByLabel('Name', { exact: true }).fill('Truffle Pizza');
  await form.getByLabel('Description', { exact: true }).fill('Mozzarella, black truffle and thyme');
  await form.getByLabel('Price', { exact: true }).fill('18.50');
  await form.getByRole('radio', { name: /^Declared/ }).check();
  await form.getByRole('checkbox', { name: 'gluten', exact: true }).check();
  await form.getByRole('checkbox', { name: 'milk', exact: true }).check();
  await form.getByRole('checkbox', { name: 'vegetarian', exact: true }).check();
  await form.getByLabel('Name in Spanish').fill('Pizza de trufa');
  // Extras: two choices at most, one adding milk.
  await form.getByRole('button', { name: 'Add an option group' }).click();
  const group = form.getByTestId('option-group');
  await group.getByLabel('Group name').fill('Extras');
  await group.getByLabel('At most').fill('2');
  await group.getByLabel('Extras, choice 1: name').fill('More truffle');
  await group.getByLabel('Extras, choice 1: adds to the price').fill('4');
  await group.getByRole('button', { name: 'Add a choice to Extras' }).click();
  await group.getByLabel('Extras, choice 2: name').fill('Burrata');
  await group.getByLabel('Extras, choice 2: adds to the price').fill('3.5');
  await group.getByLabel('Extras, choice 2: allergens it adds').fill('milk');
  await form.getByRole('button', { name: 'Add dish' }).click();
  await expect(manager).toHaveURL(/edit=dish-\d+/);
  await expect(manager.getByRole('heading', { level: 2, name: 'Dish: Truffle Pizza' })).toBeVisible();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a16207' } })
    .jpeg()
    .toBuffer();
  await manager.getByTestId('photo-file').setInputFiles({ name: 'truffle.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(manager.getByText('Photo saved.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(manager, 'the menu editor with a dish open');
  await shot(manager, '2-editor-new-dish');

  const truffle = cards.filter({ hasText: 'Truffle Pizza' });
  await expect(truffle).toContainText('$18.50', { timeout: 15_000 });
  await expect(truffle.locator('img')).toHaveAttribute('srcset', /-480\.webp 480w, .*-960\.webp 960w/);
  await shot(guest, '3-guest-new-dish');

  // A price changed on the open screen.
  await manager.getByRole('link', { name: 'Margherita', exact: true }).click();
  await expect(manager.getByRole('heading', { level: 2, name: 'Dish: Margherita' })).toBeVisible();
  await form.getByLabel('Price', { exact: true }).fill('12.90');
  await form.getByRole('button', { name: 'Save dish' }).click();
  await expect(margherita).toContainText('$12.90', { timeout: 15_000 });

  // The truffle pizza in the guest's cart, then sold out in the back office: the cart flags it at once.
  // Its extras are optional, so the card adds it as it is; the dish's own page offers them.
  await truffle.getByRole('link', { name: 'Truffle Pizza' }).click();
  const dialog = guest.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /More truffle/ }).check();
  await dialog.getByRole('checkbox', { name: /Burrata/ }).check();
  await expect(dialog.getByTestId('add-to-cart')).toContainText('$26.00');
  await shot(guest, '4-guest-dish-options');
  await dialog.getByTestId('add-to-cart').click();
  await guest.getByTestId('view-cart').click();
  await manager.getByRole('link', { name: 'Truffle Pizza', exact: true }).click();
  await form.getByRole('switch', { name: 'Sold out' }).check();
  await form.getByRole('button', { name: 'Save dish' }).click();
  await expect(guest.getByTestId('line-unavailable')).toBeVisible({ timeout: 15_000 });
  await shot(guest, '5-guest-cart-flagged');

  // A breakfast category with its hours, by keyboard alone: add it, name it, give it hours, save.
  const { from, to, opens } = laterToday();
  await manager.getByRole('link', { name: 'Add a category' }).focus();
  await manager.keyboard.press('Enter');
  const categoryForm = manager.getByTestId('category-form');
  await expect(categoryForm.getByRole('heading', { name: 'New category' })).toBeFocused();
  await manager.keyboard.press('Tab');
  await manager.keyboard.type('Breakfast');
  await categoryForm.getByRole('button', { name: 'Add hours' }).focus();
  await manager.keyboard.press('Enter');
  // A time field's segments read as the browser's locale writes times (AM/PM or not): its value is set whole.
  await categoryForm.getByLabel('From').fill(from);
  await categoryForm.getByLabel('Until').fill(to);
  await categoryForm.getByRole('button', { name: 'Add category' }).focus();
  await manager.keyboard.press('Enter');
  await expect(manager).toHaveURL(/edit=category-\d+/);
  const categoryId = Number(/edit=category-(\d+)/.exec(manager.url())?.[1]);
  // Breakfast goes first: moved up with the keyboard, one place at a time.
  const up = manager.getByRole('button', { name: 'Move Breakfast up' });
  for (let place = 6; place > 1; place--) {
    await up.focus();
    await manager.keyboard.press('Enter');
    await expect(manager.getByTestId('live-region')).toHaveText(`Breakfast moved to place ${place - 1}`);
  }
  await expect(up).toHaveAttribute('aria-disabled', 'true');
  await manager.getByRole('link', { name: 'Add a sub-category to Breakfast' }).click();
  await manager.getByTestId('sub-category-form').getByLabel('Name', { exact: true }).fill('Pancakes & eggs');
  await manager.getByRole('button', { name: 'Add sub-category' }).click();
  await manager.getByRole('link', { name: 'Add a dish to Pancakes & eggs' }).click();
  await form.getByLabel('Name', { exact: true }).fill('Buttermilk Pancakes');
  await form.getByLabel('Price', { exact: true }).fill('9.00');
  await form.getByRole('button', { name: 'Add dish' }).click();
  await expect(manager.getByRole('heading', { level: 2, name: 'Dish: Buttermilk Pancakes' })).toBeVisible();

  // The guest sees the breakfast, closed until its hours, with the time it opens.
  await guest.goto(`${provider.url}/?category_id=${categoryId}`);
  const pancakes = guest.getByTestId('menu-item').filter({ hasText: 'Buttermilk Pancakes' });
  await expect(pancakes).toContainText(`From ${opens}`);
  await expect(pancakes.getByTestId('add-to-cart')).toHaveCount(0);
  await shot(guest, '6-guest-breakfast-hours');

  // The changes, as the audit list shows them.
  await manager.getByRole('link', { name: 'Changes' }).click();
  const audit = manager.getByTestId('audit-table');
  await expect(audit).toContainText('Dish changed: Margherita');
  await expect(audit).toContainText('Price: $11.50 → $12.90');
  await expect(audit).toContainText('Menu imported: 96 added, 0 changed, 0 hidden');
  await expectNoAxeViolations(manager, 'the menu’s audit list');
  await shot(manager, '7-audit');

  await manager.getByRole('link', { name: 'Edit menu' }).click();
  await manager.getByRole('link', { name: 'Breakfast', exact: true }).click();
  await expect(manager.getByTestId('hours-window')).toHaveCount(1);
  await expectNoAxeViolations(manager, 'the menu editor with a category open');
  await shot(manager, '8-editor-category-hours');
});
