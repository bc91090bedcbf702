// Pay at the table in Chromium, walked once as a restaurant lives it: the manager's tables editor gives table 5's
// printed code; two phones scan it and order on one bill; one asks for the bill and the waiter answers "On my way";
// Ana pays her dishes with a 10 % tip by the demo card; the waiter takes the rest at the till; Ben's late attempt is
// refused; the cook's and the waiter's floors show the table paid; the manager clears it; the same printed code seats
// the next party, who sees nothing of the first, while Ana's phone still follows its own order. axe on each screen
// (the tables editor's in console.spec.ts).
import { expect, test, type Browser, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { AUTH, COOK, MANAGER, startConsoleProvider, type Account, type ConsoleSetup } from './support/console';
import type { ProviderProcess } from './support/provider-process';
import { screenshotIfAsked } from './support/screenshots';

const TABLE = 5;
const WAITER: Account = { name: 'wanda', password: 'e2e-waiter-password' };

let provider: ProviderProcess;
let signIn: ConsoleSetup['signIn'];

test.beforeAll(async ({ playwright }) => {
  // A fresh provider migrates and seeds first: on a machine shared with other work that can outlast a minute.
  test.setTimeout(180_000);
  ({ provider, signIn } = await startConsoleProvider(playwright));
  const api = await playwright.request.newContext({ baseURL: provider.url, extraHTTPHeaders: AUTH });
  try {
    expect((await api.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
    expect((await api.post('/api/v1/staff/accounts', { data: { ...WAITER, role: 'waiter' } })).status()).toBe(201);
  } finally {
    await api.dispose();
  }
});
test.afterAll(async () => {
  await provider?.dispose();
});

/** With E2E_SCREENSHOTS=dir, keeps the page as it is (docs and the evidence). */
const shot = (page: Page, name: string) => screenshotIfAsked(page, name);

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

async function staffScreen(browser: Browser, account: Account, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, account, path);
  return page;
}

/** Scans the printed link, gives a first name, orders one dish and opens the table's page from the order. */
async function scanAndOrder(page: Page, link: string, name: string, dish: string): Promise<string> {
  await page.goto(`${link}&category_id=3&sub_cat_id=7`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  const prompt = page.getByTestId('guest-name-prompt');
  await expect(prompt).toBeVisible();
  if (name === 'Ana') await expectNoAxeViolations(page, 'the menu with the guest-name prompt');
  await prompt.getByLabel('Your first name (optional)').fill(name);
  await prompt.getByRole('button', { name: 'Save name' }).click();
  await expect(prompt).toHaveCount(0);
  await page.getByTestId('menu-item').filter({ hasText: dish }).getByTestId('add-to-cart').click();
  await page.getByTestId('view-cart').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
  const orderID = new URL(page.url()).searchParams.get('orderID') ?? '';
  // The wait comes in its own answer, above the buttons: clicked before it arrives, a link can move as it is clicked.
  await expect(page.getByTestId('order-wait')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('see-table-bill').click();
  await expect(page).toHaveURL(/\/table$/);
  return orderID;
}

const guestGroup = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const floorCard = (page: Page, name: string) =>
  page.getByTestId('floor-table').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('two phones share table 5’s bill, one pays her dishes with a tip, the till takes the rest, the same code seats the next party', async ({
  browser,
}) => {
  test.setTimeout(420_000);

  // The manager's tables editor: table 5's printed code, the link its QR code opens.
  const manager = await staffScreen(browser, MANAGER, '/staff/tables');
  await expect(manager.getByRole('heading', { level: 1, name: 'Tables' })).toBeVisible();
  const code = manager.getByRole('img', { name: `QR code for Table ${TABLE}`, exact: true });
  const link = (await code.getAttribute('data-link')) ?? '';
  expect(link).toMatch(new RegExp(`/\\?table=${TABLE}&key=[\\w-]{16,}$`));
  await expect(manager.getByRole('link', { name: `Print this code of Table ${TABLE}` })).toBeVisible();
  await shot(manager, 'tables-editor');

  // Two phones scan it and order under their names: one seating, one bill.
  const ana = await phone(browser);
  const anaOrder = await scanAndOrder(ana, link, 'Ana', 'Margherita');
  const ben = await phone(browser);
  const benOrder = await scanAndOrder(ben, link, 'Ben', 'Diavola');
  for (const page of [ana, ben]) {
    await expect(guestGroup(page, 'Ana').getByText(`Order ${anaOrder}`)).toBeVisible({ timeout: 20_000 });
    await expect(guestGroup(page, 'Ben').getByText(`Order ${benOrder}`)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('bill-total')).toHaveText('$26.00');
    await expect(page.getByTestId('bill-balance')).toHaveText('$26.00');
  }

  // Ben asks for the bill; the waiter's front of house shows it with its wait, and "On my way" reaches his phone.
  const waiter = await staffScreen(browser, WAITER, '/staff/floor');
  const cook = await staffScreen(browser, COOK, '/staff/floor');
  await ben.getByRole('button', { name: 'Ask for the bill' }).click();
  await ben.getByTestId('confirm-bill').getByRole('button', { name: 'Yes, bring the bill' }).click();
  await expect(ben.getByText('The bill is on its way.')).toBeVisible();
  const asking = waiter.getByTestId('service-request').filter({ hasText: `Table ${TABLE} asks for the bill` });
  await expect(asking).toBeVisible({ timeout: 15_000 });
  await expect(asking).toContainText('just now');
  await expect(floorCard(waiter, `Table ${TABLE}`)).toHaveAttribute('data-status', 'asking');
  await expect(floorCard(waiter, `Table ${TABLE}`)).toContainText('Ana, Ben');
  await expect(floorCard(waiter, `Table ${TABLE}`).getByTestId('floor-money')).toContainText('$26.00 left');
  await expectNoAxeViolations(waiter, 'the front of house with a request');
  await shot(waiter, 'front-of-house');
  await waiter.getByRole('button', { name: `On my way (Table ${TABLE} asks for the bill)` }).click();
  await expect(asking).toContainText('On the way');
  await expect(ben.getByText('Someone is on their way to your table.')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(ben, 'the Table page with its bill');
  await shot(ben, 'table-page');

  // Ana pays her own dish with a 10 % tip through the demo card, and keeps a receipt.
  await ana.getByTestId('pay-link').click();
  await expect(ana).toHaveURL(/\/pay$/);
  await expect(ana.getByRole('heading', { level: 1, name: 'Pay the bill' })).toBeVisible();
  const choose = ana.getByTestId('choose-share');
  await expect(choose.getByRole('radio', { name: 'My dishes' })).toBeChecked();
  await expect(choose.getByRole('checkbox', { name: /Margherita · Ana/ })).toBeChecked();
  await expect(choose.getByRole('checkbox', { name: /Diavola · Ben/ })).not.toBeChecked();
  // "Other" opens the tip's amount on a row of its own: the phone's page never scrolls sideways.
  await choose.getByRole('radio', { name: 'Other' }).check();
  await expect(choose.getByLabel('Tip amount')).toBeVisible();
  expect(await ana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await choose.getByRole('radio', { name: '10 %' }).check();
  await expect(ana.getByTestId('share-estimate')).toContainText('$12.65');
  await expectNoAxeViolations(ana, '/pay choosing a share');
  await shot(ana, 'pay-choose');
  await choose.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(ana).toHaveURL(/\/pay\?share=\d+$/);
  // She changes her mind once: the payment is cancelled, her dish is free again at once, and she is told so.
  await ana.getByRole('button', { name: 'Cancel this payment' }).click();
  await expect(ana.getByTestId('payment-cancelled')).toBeFocused();
  await expect(ana).toHaveURL(/\/pay$/);
  await expect(choose.getByRole('checkbox', { name: /Margherita · Ana/ })).toBeChecked();
  await expectNoAxeViolations(ana, '/pay after cancelling a payment');
  await choose.getByRole('radio', { name: '10 %' }).check();
  await expect(ana.getByTestId('share-estimate')).toContainText('$12.65');
  await choose.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(ana).toHaveURL(/\/pay\?share=\d+$/);
  const card = ana.getByTestId('demo-card');
  await expect(card.getByTestId('share-total')).toHaveText('$12.65');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expectNoAxeViolations(ana, '/pay with the demo card');
  await shot(ana, 'pay-card');
  await card.getByRole('button', { name: 'Pay $12.65' }).click();
  const receipt = ana.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('1 × Margherita');
  await expect(receipt.getByTestId('receipt-total')).toHaveText('$12.65');
  await expectNoAxeViolations(ana, '/pay with the receipt');
  await shot(ana, 'pay-receipt');

  // Ben's phone follows: his dish is what is left. He opens /pay, but the waiter takes it at the till first.
  await expect(ben.getByTestId('bill-balance')).toHaveText('$14.50', { timeout: 15_000 });
  await ben.getByTestId('pay-link').click();
  const benChoose = ben.getByTestId('choose-share');
  await expect(benChoose.getByRole('checkbox', { name: /Diavola · Ben/ })).toBeChecked();
  await expect(benChoose.getByRole('checkbox', { name: /Margherita/ })).toHaveCount(0);

  await floorCard(waiter, `Table ${TABLE}`)
    .getByRole('button', { name: `Bill of Table ${TABLE}` })
    .click();
  const panel = waiter.getByTestId('table-bill-panel');
  await expect(panel.getByTestId('staff-bill-balance')).toHaveText('$14.50');
  await expect(panel).toContainText('Guest’s phone (demo): $11.50 + $1.15 tip');
  await expectNoAxeViolations(waiter, 'the front of house with a table’s bill and the till');
  await shot(waiter, 'till');
  await panel.getByLabel('How').selectOption({ label: 'Cash' });
  await expect(panel.getByLabel('Amount (at most $14.50)')).toHaveValue('14.50');
  await panel.getByLabel('Tip').fill('1.50');
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(panel.getByTestId('staff-bill-balance')).toHaveText('$0.00');
  await expect(panel).toContainText(`Cash: $14.50 + $1.50 tip (${WAITER.name})`);
  await panel.getByRole('button', { name: 'Close' }).click();
  await waiter.getByRole('button', { name: `Done (Table ${TABLE} asks for the bill)` }).click();
  await expect(waiter.getByTestId('service-request')).toHaveCount(0);

  // The waiter's and the cook's floors show the table paid (the cook's by the live event, without a reload).
  for (const staff of [waiter, cook]) {
    const card5 = floorCard(staff, `Table ${TABLE}`);
    await expect(card5.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card5.getByTestId('floor-money')).toContainText('nothing left');
  }

  // Ben's /pay follows the bill: nothing is left to choose. A third attempt with his phone's seating key is refused.
  await expect(ben.getByText('The bill is paid in full. Thank you!')).toBeVisible({ timeout: 15_000 });
  await expect(benChoose).toHaveCount(0);
  const seatingKey = await ben.evaluate(
    () => /"seating_key":"([^"]+)"/.exec(localStorage.getItem('table_seating') ?? '')?.[1],
  );
  expect(seatingKey).toBeTruthy();
  const third = await ben.request.post(`${provider.url}/api/v1/table/bill/shares`, {
    headers: { ...AUTH, 'X-Seating-Key': seatingKey ?? '', 'Idempotency-Key': `third-${Date.now()}` },
    data: { kind: 'amount', amount: 'rest' },
  });
  expect(third.status()).toBe(409);
  expect(((await third.json()) as { error: { code: string } }).error.code).toBe('already_paid');
  await ben.getByRole('link', { name: 'Back to the table' }).click();
  await expect(ben.getByTestId('bill-paid')).toHaveText('The bill is paid in full. Thank you!');
  // 11.50 + 14.50, and the tips of both payments.
  await expect(ben.getByTestId('bill-total')).toHaveText('$28.65');

  // The manager clears the paid table from the front of house (its orders are still open in the kitchen: asked first).
  await manager.goto(`${provider.url}/staff/floor`);
  await floorCard(manager, `Table ${TABLE}`)
    .getByRole('button', { name: `Bill of Table ${TABLE}` })
    .click();
  const managerPanel = manager.getByTestId('table-bill-panel');
  await expect(managerPanel.getByTestId('staff-bill-balance')).toHaveText('$0.00');
  await expect(managerPanel.getByRole('button', { name: /^Refund .+: \$[\d.]+$/ })).toHaveCount(2);
  await managerPanel.getByRole('button', { name: `Clear table Table ${TABLE}` }).click();
  const confirmClear = manager.getByRole('dialog', { name: `Clear Table ${TABLE}?` });
  await expect(confirmClear.getByRole('button', { name: 'Keep it seated' })).toBeFocused();
  await expectNoAxeViolations(manager, 'the confirmation before clearing');
  await confirmClear.getByRole('button', { name: 'Clear it anyway' }).click();
  await expect(
    manager.getByText(`Table ${TABLE} is cleared for the next guests. Its QR code stays the same.`),
  ).toBeAttached();
  await expect(floorCard(manager, `Table ${TABLE}`)).toHaveAttribute('data-status', 'free');
  await expectNoAxeViolations(manager, 'the front of house after clearing');

  // The printed code lasts: the tables editor shows the same link.
  await manager.goto(`${provider.url}/staff/tables`);
  await expect(manager.getByRole('img', { name: `QR code for Table ${TABLE}`, exact: true })).toHaveAttribute(
    'data-link',
    link,
  );

  // The next party scans the same printed code and orders; nothing of the first party's shows on their phone.
  const cleo = await phone(browser);
  const cleoOrder = await scanAndOrder(cleo, link, 'Cleo', 'Margherita');
  await expect(guestGroup(cleo, 'Cleo').getByText(`Order ${cleoOrder}`)).toBeVisible({ timeout: 20_000 });
  await expect(cleo.getByTestId('bill-total')).toHaveText('$11.50');
  // The names as words: a plain getByText('Ben') is case-blind and matches inside words, so an order id holding the
  // letters BEN (ids are random letters and digits) would count as Ben.
  await expect(cleo.getByText(/\bAna\b/)).toHaveCount(0);
  await expect(cleo.getByText(/\bBen\b/)).toHaveCount(0);
  await expect(cleo.getByText(anaOrder)).toHaveCount(0);
  await expect(cleo.getByText(benOrder)).toHaveCount(0);
  await expectNoAxeViolations(cleo, 'the Table page of the next party');
  await shot(cleo, 'next-party');

  // Ana's phone: the table's bill is the next party's no more to read; her own order still opens by its key.
  await ana.goto(`${provider.url}/table`);
  await expect(ana.getByText('This table was cleared since you scanned its code')).toBeVisible({ timeout: 15_000 });
  await expect(ana.getByText(/\bCleo\b/)).toHaveCount(0);
  await expectNoAxeViolations(ana, 'the Table page of a cleared seating');
  await ana.goto(`${provider.url}/cart?orderID=${anaOrder}`);
  await expect(ana.getByText(anaOrder).first()).toBeVisible({ timeout: 15_000 });
  await expect(ana.getByText('Margherita').first()).toBeVisible();
  await shot(ana, 'previous-party-order');

  // A guest who picked a table in the picker, without its code, is told where the bill is.
  const picker = await phone(browser);
  await picker.goto(`${provider.url}/`);
  await expect(picker.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  await picker.getByRole('button', { name: 'Pick your table' }).click();
  await picker.getByTestId('table-option').filter({ hasText: 'Table 7' }).click();
  await picker.getByTestId('current-table').click();
  await picker.getByTestId('table-bill-link').click();
  await expect(picker.getByText('Scan your table’s QR code to see its bill')).toBeVisible();
});

test('calling the waiter from the menu moves nothing below it, in each language and with a code whose key changed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const manager = await staffScreen(browser, MANAGER, '/staff/tables');
  // One table per language: a second phone at a table whose waiter is called finds the button already answered.
  const linkOf = async (table: number) => {
    const code = manager.getByRole('img', { name: `QR code for Table ${table}`, exact: true });
    return (await code.getAttribute('data-link')) ?? '';
  };
  const searchTop = async (page: Page) => (await page.getByRole('searchbox').boundingBox())?.y;

  for (const [table, language, call, yes, pending] of [
    [6, 'en', 'Call the waiter', 'Yes, call the waiter', 'A waiter is on the way.'],
    [7, 'es', 'Llamar al camarero', 'Sí, llamar al camarero', 'Un camarero va de camino.'],
    [8, 'ar', 'استدعاء النادل', 'نعم، استدعِ النادل', 'النادل في الطريق إليك.'],
  ] as const) {
    const page = await phone(browser);
    await page.addInitScript((code) => localStorage.setItem('language', code), language);
    await page.goto(await linkOf(table));
    const button = page.getByRole('button', { name: call, exact: true });
    await expect(button).toBeVisible({ timeout: 15_000 });
    const before = await searchTop(page);
    await button.click();
    await page.getByRole('button', { name: yes }).click();
    await expect(page.getByText(pending)).toBeVisible();
    expect(await searchTop(page)).toBe(before);
    await page.context().close();
  }

  // A key that is not the table's: the notice is told above the dishes, and the button's explanation moves nothing.
  const page = await phone(browser);
  await page.goto(`${provider.url}/?table=10&key=not-this-tables-key`);
  await expect(page.getByText('This table’s code has changed. Ask the staff for the current one.')).toBeVisible({
    timeout: 15_000,
  });
  await page.getByTestId('table-key-refused').getByRole('button', { name: 'OK' }).click();
  const button = page.getByRole('button', { name: 'Call the waiter', exact: true });
  await expect(button).toBeVisible();
  const before = await searchTop(page);
  await button.click();
  await expect(page.getByText('This table’s code has changed. Ask the staff for the current one.')).toBeVisible();
  expect(await searchTop(page)).toBe(before);
  await expectNoAxeViolations(page, 'the menu telling a guest the table’s code has changed');
  await page.context().close();
  await manager.context().close();
});
