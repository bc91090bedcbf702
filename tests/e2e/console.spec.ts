// The restaurant's console in Chromium: a cook runs orders from the board while the guest watches, a cancel with its
// reason, a dish sold out, the QR print sheet decoded back to each table's link, axe on every console screen.
import { errors } from '@playwright/test';
import { expect, test, type Browser, type Page } from './support/test';
import jsQR from 'jsqr';
import { expectNoAxeViolations } from './support/axe';
import { AUTH, COOK, MANAGER, useConsoleProvider } from './support/console';
import { screenshotIfAsked } from './support/screenshots';

const setup = useConsoleProvider();

/** Docs screenshots with E2E_DOCS_SCREENSHOTS=dir (docs/console.md). */
const docsShot = (page: Page, name: string) =>
  screenshotIfAsked(page, name, { env: 'E2E_DOCS_SCREENSHOTS', fullPage: false });

async function newTablet(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** A guest at `tableId` orders through the app and lands on the order page. */
async function guestOrders(browser: Browser, tableId: number, dish: string): Promise<{ page: Page; orderID: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${setup.provider.url}/?table=${tableId}&category_id=3&sub_cat_id=7`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  // The scanned table is taken once the floor plan confirms it, and the address then drops it.
  await expect(page).not.toHaveURL(/[?&]table=/, { timeout: 15_000 });
  await page.getByTestId('menu-item').filter({ hasText: dish }).getByTestId('add-to-cart').click();
  await page.getByTestId('view-cart').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
  return { page, orderID: new URL(page.url()).searchParams.get('orderID') ?? '' };
}

const card = (page: Page, orderID: string) => page.locator(`[data-testid="order-card"][data-order-id="${orderID}"]`);

test('a cook bumps a guest’s order at the kitchen, the expo serves it, and the guest sees each step', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const cook = await newTablet(browser);
  await setup.signIn(cook, COOK);
  await expect(cook.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
  // Kitchen staff see no manager screens.
  await expect(cook.getByRole('link', { name: 'Floor' })).toHaveCount(0);

  const guest = await guestOrders(browser, 7, 'Margherita');
  await expect(guest.page.getByTestId('order-status')).toHaveAttribute('data-status', 'received');

  // The new ticket appears on the rail without a reload, flashes and is announced.
  const order = card(cook, guest.orderID);
  await expect(order).toBeVisible({ timeout: 15_000 });
  await expect(order).toHaveClass(/ticket--new/);
  await expect(cook.getByTestId('live-region')).toHaveText(/New order for Table 7/);
  await expect(order).toContainText('1 × Margherita');
  await expectNoAxeViolations(cook, 'the kitchen rail');
  await docsShot(cook, 'console-kitchen-board');

  // With the keyboard alone: focus the ticket's bump button and press Enter.
  await order.getByRole('button', { name: 'Bump' }).focus();
  await cook.keyboard.press('Enter');
  await expect(order).toHaveCount(0);
  await guest.page.reload();
  await expect(guest.page.getByTestId('order-status')).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });

  await cook.getByRole('link', { name: 'Expo' }).click();
  await expect(cook.getByRole('heading', { level: 1, name: 'Expo' })).toBeVisible();
  await expect(order.getByTestId('ticket-waiting')).toHaveText('all stations done');
  await order.getByRole('button', { name: 'Served' }).click();
  await expect(order).toHaveCount(0);
  await expect(cook.getByRole('region', { name: 'Recently served' })).toContainText(guest.orderID, {
    timeout: 20_000,
  });
  await guest.page.reload();
  await expect(guest.page.getByTestId('order-status')).toHaveAttribute('data-status', 'served', { timeout: 15_000 });
});

test('the kitchen board shows the choices a guest picked: a large Funghi with two extras', async ({ browser }) => {
  test.setTimeout(90_000);
  const cook = await newTablet(browser);
  await setup.signIn(cook, COOK);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await context.newPage();
  await guest.goto(`${setup.provider.url}/?table=5&category_id=3&sub_cat_id=7`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  await expect(guest).not.toHaveURL(/[?&]table=/, { timeout: 15_000 });
  await guest.getByRole('button', { name: 'Choose options for Funghi' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Funghi' });
  await dialog.getByRole('radio', { name: /Large 36 cm/ }).check();
  await dialog.getByRole('checkbox', { name: /Extra mozzarella/ }).check();
  await dialog.getByRole('checkbox', { name: /Mushrooms/ }).check();
  await dialog.getByTestId('add-to-cart').click();
  await guest.getByTestId('view-cart').click();
  await guest.getByTestId('place-order').click();
  await expect(guest).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
  const orderID = new URL(guest.url()).searchParams.get('orderID') ?? '';

  const order = card(cook, orderID);
  await expect(order).toBeVisible({ timeout: 15_000 });
  await expect(order.getByTestId('board-line-choices')).toHaveText(/^\s*\(Large 36 cm, Extra mozzarella, Mushrooms\)$/);
  await expectNoAxeViolations(cook, 'the kitchen board with choices');
});

test('two tablets bump the same ticket: the order is ready once and leaves both', async ({ browser }) => {
  test.setTimeout(90_000);
  const [one, two] = [await newTablet(browser), await newTablet(browser)];
  await setup.signIn(one, COOK);
  await setup.signIn(two, MANAGER);
  const guest = await guestOrders(browser, 6, 'Diavola');
  await expect(card(one, guest.orderID)).toBeVisible({ timeout: 15_000 });
  await expect(card(two, guest.orderID)).toBeVisible({ timeout: 15_000 });
  await card(one, guest.orderID).getByRole('button', { name: 'Bump' }).click();
  await expect(card(one, guest.orderID)).toHaveCount(0);
  // The second tablet may not have heard yet: bumping what is done already changes nothing. It may also hear between
  // the look and the click, and the card leave: then there is nothing left to press.
  const late = card(two, guest.orderID).getByRole('button', { name: 'Bump' });
  if (await late.isVisible()) {
    await late.click({ timeout: 2_000 }).catch((error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
  }
  await expect(card(two, guest.orderID)).toHaveCount(0, { timeout: 15_000 });
  await expect(two.getByTestId('board-notice')).toHaveCount(0);
});

test('a cancelled order shows the guest the restaurant’s reason', async ({ browser }) => {
  test.setTimeout(90_000);
  const cook = await newTablet(browser);
  await setup.signIn(cook, COOK);
  const guest = await guestOrders(browser, 8, 'Margherita');
  const order = card(cook, guest.orderID);
  await expect(order).toBeVisible({ timeout: 15_000 });
  await order.getByRole('button', { name: 'Cancel' }).click();
  const dialog = cook.getByTestId('cancel-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel the order' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('The pizza oven is down tonight, sorry');
  await expectNoAxeViolations(cook, 'the cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  // Struck through at its station until the cook clears it: never silently gone.
  await expect(order.getByTestId('ticket-void')).toHaveText('VOID — cancelled: The pizza oven is down tonight, sorry');
  await order.getByRole('button', { name: 'Clear' }).click();
  await expect(order).toHaveCount(0);

  await guest.page.reload();
  await expect(guest.page.getByTestId('order-status')).toHaveAttribute('data-status', 'cancelled', {
    timeout: 15_000,
  });
  await expect(guest.page.getByTestId('cancel-reason')).toHaveText(
    'The restaurant’s reason: The pizza oven is down tonight, sorry',
  );
});

test('a dish marked sold out shows as sold out to guests, and back', async ({ browser }) => {
  test.setTimeout(90_000);
  const cook = await newTablet(browser);
  await setup.signIn(cook, COOK, '/staff/menu');
  await cook.getByRole('link', { name: 'Menu' }).click();
  await expect(cook.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
  await cook.getByLabel('Search dishes').fill('quattro');
  const dishes = cook.getByTestId('dish-row');
  await expect(dishes).toHaveCount(1);
  const soldOut = cook.getByRole('switch', { name: 'Sold out: Quattro Formaggi' });
  await expect(soldOut).not.toBeChecked();
  await expectNoAxeViolations(cook, 'the menu screen');
  await soldOut.check();
  await expect(soldOut).toBeChecked();
  await expect(cook.getByTestId('menu-status')).toHaveText(/Saved: Quattro Formaggi sold out/);
  await docsShot(cook, 'console-menu');

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`${setup.provider.url}/?table=2&category_id=3&sub_cat_id=7`);
  const guestCard = guest.getByTestId('menu-item').filter({ hasText: 'Quattro Formaggi' });
  await expect(guestCard).toContainText('Sold out', { timeout: 15_000 });

  await soldOut.uncheck();
  await expect(soldOut).not.toBeChecked();
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(`${setup.provider.url}/?table=2&category_id=3&sub_cat_id=7`);
  await expect(fresh.getByTestId('menu-item').filter({ hasText: 'Quattro Formaggi' })).toBeVisible({ timeout: 15_000 });
  await expect(fresh.getByTestId('menu-item').filter({ hasText: 'Quattro Formaggi' })).not.toContainText('Sold out');
});

/** Draws the SVG code onto a canvas in the page and decodes it with jsQR, as a phone's camera would read it. */
async function decodeQr(page: Page, selector: string): Promise<string | undefined> {
  // The picture crosses from the page as one byte of grey per pixel in base64: a JSON array of its RGBA numbers is
  // ten times the size, and moving it cost the browser and the runner more than the rest of the test.
  const grey = await page.evaluate(async (css) => {
    const svg = document.querySelector(css);
    if (!svg) return null;
    const size = 400;
    const image = new Image(size, size);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(image, 0, 0, size, size);
    const rgba = context.getImageData(0, 0, size, size).data;
    let bytes = '';
    for (let i = 0; i < rgba.length; i += 4) bytes += String.fromCharCode(rgba[i + 1]!);
    return { base64: btoa(bytes), size };
  }, selector);
  if (!grey) return undefined;
  const luminance = Buffer.from(grey.base64, 'base64');
  const rgba = new Uint8ClampedArray(luminance.length * 4);
  luminance.forEach((value, i) => rgba.set([value, value, value, 255], i * 4));
  return jsQR(rgba, grey.size, grey.size)?.data;
}

test('a manager prints every table’s QR code, which decodes to the table’s link with its key; a new key changes it', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const manager = await newTablet(browser);
  await setup.signIn(manager, MANAGER);
  // The tables' codes and keys are the tables editor's (managers); the floor is the front of house.
  await manager.getByRole('link', { name: 'Tables' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Tables' })).toBeVisible();
  await expect(manager.getByTestId('table-card')).toHaveCount(12);
  await expectNoAxeViolations(manager, 'the tables editor');

  const api = await playwright.request.newContext({ baseURL: setup.provider.url, extraHTTPHeaders: AUTH });
  await api.post('/api/v1/staff/session', { data: MANAGER });
  const tables = (await (await api.get('/api/v1/staff/tables')).json()) as { id: number; name: string; key: string }[];
  const first = tables[0]!;

  await manager.getByRole('link', { name: 'Print sheet of all QR codes' }).click();
  await expect(manager.getByTestId('print-card')).toHaveCount(12);
  await expectNoAxeViolations(manager, 'the print sheet');
  const link = await decodeQr(manager, `[data-testid="print-card"]:first-child svg`);
  expect(link).toBe(`${setup.provider.url}/?table=${first.id}&key=${first.key}`);

  // A new key: the printed code changes, and the old one is gone.
  await manager.getByRole('link', { name: 'Back to the tables' }).click();
  await manager.getByRole('button', { name: `New key for ${first.name}` }).click();
  // Asked in the console's own dialog, the safe answer first: Tab, then Enter makes the key.
  const confirmKey = manager.getByRole('dialog', { name: `Give ${first.name} a new key?` });
  await expect(confirmKey.getByRole('button', { name: 'Keep the key' })).toBeFocused();
  await expectNoAxeViolations(manager, 'the confirmation before a new key');
  await manager.keyboard.press('Tab');
  await expect(confirmKey.getByRole('button', { name: 'Make a new key' })).toBeFocused();
  await manager.keyboard.press('Enter');
  await expect(manager.getByTestId('tables-status')).toHaveText(new RegExp(`${first.name} has a new key`));
  // The keyboard stays with the table, not the page's body.
  await expect(manager.getByRole('button', { name: `New key for ${first.name}` })).toBeFocused();
  const rotated = (await (await api.get('/api/v1/staff/tables')).json()) as { id: number; key: string }[];
  const newKey = rotated.find((table) => table.id === first.id)?.key;
  expect(newKey).not.toBe(first.key);
  await manager.getByRole('link', { name: 'Print sheet of all QR codes' }).click();
  await expect(manager.getByTestId('print-card')).toHaveCount(12);
  expect(await decodeQr(manager, `[data-testid="print-card"]:first-child svg`)).toBe(
    `${setup.provider.url}/?table=${first.id}&key=${newKey}`,
  );
  await api.dispose();
});

test('a manager adds, changes and removes a staff account; sign-in and password errors are plain; signing out ends the session', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await newTablet(browser);
  await page.goto(`${setup.provider.url}/staff`);
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant console' })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'the sign-in form');
  await page.getByLabel('Name').fill(MANAGER.name);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/That name and password do not match/);
  await expect(page.getByLabel('Password')).toBeFocused();
  await expectNoAxeViolations(page, 'the sign-in form with an error');
  await page.getByLabel('Password').fill(MANAGER.password);
  await page.getByLabel('Password').press('Enter');

  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.getByLabel('Name').fill('temp-waiter');
  await page.getByLabel(/First password/).fill('a-first-password');
  await page.getByLabel('Role').selectOption('kitchen');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByTestId('account-row').filter({ hasText: 'temp-waiter' })).toBeVisible();
  await expectNoAxeViolations(page, 'the staff screen');
  await docsShot(page, 'console-staff');

  // A manager resets the new account's password and makes it a manager: keyboard only, in a dialog.
  await page.getByRole('button', { name: 'Password or role of temp-waiter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change temp-waiter’s account' });
  await expect(dialog.getByLabel('New password')).toBeFocused();
  await page.keyboard.type('short');
  await page.keyboard.press('Enter');
  await expectNoAxeViolations(page, 'the account dialog');
  await dialog.getByLabel('New password').fill('a-second-password');
  await dialog.getByLabel('Role').selectOption('manager');
  await dialog.getByRole('button', { name: 'Save and sign them out' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Password or role of temp-waiter' })).toBeFocused();
  await expect(page.getByTestId('account-row').filter({ hasText: 'temp-waiter' })).toContainText('Manager');

  // Anyone changes their own password; a wrong current one is pointed out on its field.
  await page.getByRole('link', { name: 'Change my password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change my password' })).toBeVisible();
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('New password again').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByLabel('Current password')).toBeFocused();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'the password screen with an error');

  await page.getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Remove temp-waiter' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove temp-waiter?' });
  await expect(confirm.getByRole('button', { name: 'Keep the account' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Remove the account' }).click();
  await expect(page.getByTestId('account-row').filter({ hasText: 'temp-waiter' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant console' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant console' })).toBeVisible({ timeout: 15_000 });
});

test('a manager’s console fits a phone: every link of its navigation is on the screen, none cut in two, and every screen within its width', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await setup.signIn(page, MANAGER);
  const nav = page.getByRole('navigation', { name: 'Console' });
  // Printers, the last link, comes once the provider's stations are read.
  await expect(nav.getByRole('link', { name: 'Printers' })).toBeVisible();
  const links = await nav.getByRole('link').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { name: element.textContent, right: Math.round(box.right), height: Math.round(box.height) };
    }),
  );
  expect(links.length).toBeGreaterThanOrEqual(11);
  const lineHeight = Math.min(...links.map((link) => link.height));
  for (const link of links)
    expect(link, `${link.name} on the screen, on one line`).toMatchObject({ height: lineHeight });
  expect(links.filter((link) => link.right > 390).map((link) => link.name)).toEqual([]);
  // Every screen it leads to fits the phone's width too (the staff list, the day's tables…).
  const wider: string[] = [];
  for (const { name } of links) {
    await nav.getByRole('link', { name: name ?? '', exact: true }).click();
    await expect(nav.getByRole('link', { name: name ?? '', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) wider.push(`${name}: ${width} px`);
  }
  expect(wider).toEqual([]);
  await context.close();
});

test('on a 1024 × 768 kitchen tablet the header leaves the height to the tickets: a cook’s is one row, a manager’s two with every link on one line', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const header = page.locator('.staff-app > header');
  const nav = page.getByRole('navigation', { name: 'Console' });
  /** The header's height, and how many lines the navigation's links and the account's controls take. */
  const measure = () =>
    header.evaluate((element) => {
      const tops = (selector: string) =>
        new Set([...element.querySelectorAll(selector)].map((item) => Math.round(item.getBoundingClientRect().top)));
      return {
        height: element.getBoundingClientRect().height,
        navLines: tops('nav a').size,
        rows: new Set([...tops('nav a'), ...tops('button, a:not(nav a)')]).size,
      };
    });

  await setup.signIn(page, COOK);
  await expect(nav.getByRole('link', { name: 'Menu' })).toBeVisible();
  // One row: the name, the links, the account and Sign out, about as tall as the Sign out button.
  expect(await measure()).toMatchObject({ navLines: 1, rows: 1 });
  expect((await measure()).height).toBeLessThan(64);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await setup.signIn(page, MANAGER);
  // Printers, the last link, comes once the provider's stations are read.
  await expect(nav.getByRole('link', { name: 'Printers' })).toBeVisible();
  expect(await nav.getByRole('link').count()).toBeGreaterThanOrEqual(11);
  // Two rows: the name and the account, then every link on one line (it was four rows, 198 px).
  expect(await measure()).toMatchObject({ navLines: 1, rows: 2 });
  expect((await measure()).height).toBeLessThan(112);
  await expect(page.getByRole('link', { name: 'Change my password' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  await context.close();
});

test('a long choice name is read whole in the dish editor, at 1024 and 1280 px: it wraps, nothing scrolled out of sight', async ({
  browser,
}) => {
  const name = 'Extra buffalo mozzarella from Campania with basil and a drizzle of olive oil';
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // The Funghi, whose sizes are choices.
    await setup.signIn(page, MANAGER, '/staff/menu-editor?edit=dish-37');
    const field = page.getByTestId('dish-form').getByRole('textbox', { name: 'Size, choice 2: name' });
    await field.fill(name);
    await expect(field).toHaveValue(name);
    // The whole name is in the field's box: none of it scrolled off to the side or below, and it wrapped to do so.
    const box = await field.evaluate((element) => ({
      clippedSideways: element.scrollWidth > element.clientWidth,
      clippedBelow: element.scrollHeight > element.clientHeight,
      lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
    }));
    expect(box, `at ${viewport.width} px`).toMatchObject({ clippedSideways: false, clippedBelow: false });
    expect(box.lines, `at ${viewport.width} px`).toBeGreaterThan(1);
    // Its row's other fields are still on the screen's width.
    const row = page.getByTestId('option-choice').nth(1);
    await expect(row.getByRole('button', { name: 'Remove Size, choice 2' })).toBeInViewport();
    await context.close();
  }
});

test('the keyboard keeps its place after saving: a sold-out switch, Save dish, and Add table', async ({ browser }) => {
  test.setTimeout(90_000);
  const cook = await newTablet(browser);
  await setup.signIn(cook, COOK, '/staff/menu');
  await cook.getByLabel('Search dishes').fill('tiramisu');
  const soldOut = cook.getByRole('switch', { name: 'Sold out: Tiramisu' });
  await soldOut.focus();
  await cook.keyboard.press('Space');
  await expect(cook.getByTestId('menu-status')).toHaveText(/Saved: Tiramisu sold out/);
  await expect(soldOut).toBeFocused();
  // A second Space works on the same switch.
  await cook.keyboard.press('Space');
  await expect(cook.getByTestId('menu-status')).toHaveText(/Saved: Tiramisu available/);
  await expect(soldOut).toBeFocused();
  await expect(soldOut).not.toBeChecked();

  const manager = await newTablet(browser);
  // The Funghi.
  await setup.signIn(manager, MANAGER, '/staff/menu-editor?edit=dish-37');
  const form = manager.getByTestId('dish-form');
  await form.getByLabel('Minutes to prepare').fill('13');
  const save = form.getByRole('button', { name: 'Save dish' });
  await save.focus();
  await manager.keyboard.press('Enter');
  await expect(form.getByTestId('dish-status')).toHaveText('Saved Funghi');
  await expect(save).toBeFocused();

  await manager.goto(`${setup.provider.url}/staff/tables`);
  const add = manager.getByRole('form', { name: 'Add a table' });
  await add.getByLabel('Name').fill('Terrace 9');
  await add.getByRole('button', { name: 'Add table' }).focus();
  await manager.keyboard.press('Enter');
  await expect(manager.getByTestId('tables-status')).toHaveText('Terrace 9 is added.');
  await expect(manager.getByRole('heading', { level: 2, name: 'Terrace 9' })).toBeFocused();
  // The next test that counts tables is earlier in the file; this one leaves the floor as it found it.
  await manager.getByRole('button', { name: 'Remove Terrace 9' }).click();
  await manager.getByRole('dialog').getByRole('button', { name: 'Remove the table' }).click();
  await expect(manager.getByTestId('tables-status')).toHaveText('Terrace 9 is removed.');
});
