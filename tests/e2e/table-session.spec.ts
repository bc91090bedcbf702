// Table sessions in Chromium: two phones at table 5 order under their names and both see the table's bill; a waiter
// call reaches the console; the cook clears the table, the next party's QR code shows nothing of the first, and the
// old code's key is refused. axe on the Table page, the name prompt and the console screens with requests.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { AUTH, COOK, MANAGER, startConsoleProvider, type ConsoleSetup } from './support/console';
import type { ProviderProcess } from './support/provider-process';

const TABLE = 5;

let provider: ProviderProcess;
let signIn: ConsoleSetup['signIn'];

test.beforeAll(async ({ playwright }) => {
  ({ provider, signIn } = await startConsoleProvider(playwright));
});
test.afterAll(async () => {
  await provider?.dispose();
});

/** A table's QR link as the floor shows it to a manager. */
async function qrLink(browser: Browser, tableId = TABLE): Promise<{ link: string; key: string }> {
  const context = await browser.newContext({ baseURL: provider.url, extraHTTPHeaders: AUTH });
  try {
    expect((await context.request.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
    const tables = (await (await context.request.get('/api/v1/staff/tables')).json()) as { id: number; key: string }[];
    const key = tables.find((table) => table.id === tableId)?.key ?? '';
    expect(key).not.toBe('');
    return { link: `${provider.url}/?table=${tableId}&key=${key}`, key };
  } finally {
    await context.close();
  }
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** Arrives by the QR link, gives a first name, orders one dish and opens the table's bill from the order page. */
async function orderAs(page: Page, link: string, name: string, dish: string): Promise<string> {
  await page.goto(`${link}&category_id=3&sub_cat_id=7`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  const prompt = page.getByTestId('guest-name-prompt');
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Your first name (optional)').fill(name);
  await prompt.getByRole('button', { name: 'Save name' }).click();
  await expect(prompt).toHaveCount(0);
  await page.getByTestId('menu-item').filter({ hasText: dish }).getByTestId('add-to-cart').click();
  await page.getByTestId('view-cart').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
  const orderID = new URL(page.url()).searchParams.get('orderID') ?? '';
  await page.getByTestId('see-table-bill').click();
  await expect(page).toHaveURL(/\/table$/);
  return orderID;
}

const guestGroup = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('two phones at table 5 share one bill; after the cook clears it the next party sees nothing of theirs', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await qrLink(browser);

  const ana = await phone(browser);
  await ana.goto(`${first.link}&category_id=3&sub_cat_id=7`);
  await expect(ana.getByTestId('guest-name-prompt')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(ana, 'the menu with the guest-name prompt');
  const anaOrder = await orderAs(ana, first.link, 'Ana', 'Margherita');
  const ben = await phone(browser);
  const benOrder = await orderAs(ben, first.link, 'Ben', 'Diavola');

  // Each phone sees both orders under their names, with the table's total (Ana's page polls until Ben's is there).
  for (const page of [ana, ben]) {
    await expect(guestGroup(page, 'Ana').getByText(`Order ${anaOrder}`)).toBeVisible({ timeout: 20_000 });
    await expect(guestGroup(page, 'Ana')).toContainText('1 × Margherita');
    await expect(guestGroup(page, 'Ben').getByText(`Order ${benOrder}`)).toBeVisible({ timeout: 20_000 });
    await expect(guestGroup(page, 'Ben')).toContainText('1 × Diavola');
    await expect(page.getByTestId('table-total')).toHaveText('$26.00');
  }
  // "Your orders" stays this phone's own: Ana's order is marked hers on her phone, not on Ben's.
  await expect(ana.getByRole('link', { name: `Order ${anaOrder} (yours)` })).toBeVisible();
  await expect(ben.getByRole('link', { name: `Order ${anaOrder} (yours)` })).toHaveCount(0);
  await expectNoAxeViolations(ana, 'the Table page');

  // Ana calls the waiter; the cook's board shows it.
  const cook = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(cook, COOK);
  await ana.getByRole('button', { name: 'Call the waiter' }).click();
  const confirm = ana.getByTestId('confirm-waiter');
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(ana, 'the waiter confirmation');
  await confirm.getByRole('button', { name: 'Yes, call the waiter' }).click();
  await expect(ana.getByText('A waiter is on the way.')).toBeVisible();
  await expect(ana.getByRole('button', { name: 'Call the waiter' })).toBeDisabled();

  const requests = cook.getByTestId('service-requests');
  await expect(requests.getByTestId('service-request').filter({ hasText: 'Table 5 calls a waiter' })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(cook, 'the kitchen board with a waiter call');
  await requests.getByRole('button', { name: 'Done (Table 5 calls a waiter)' }).click();
  await expect(requests.getByTestId('service-request')).toHaveCount(0);

  // The cook clears table 5: its orders are still open, so the board asks first.
  cook.once('dialog', (dialog) => void dialog.accept());
  await cook.getByLabel('Guests left?').selectOption({ label: 'Table 5' });
  await cook.getByRole('button', { name: 'Clear table' }).click();
  await expect(cook.getByText('Table 5 is cleared for the next guests.')).toBeAttached();

  const second = await qrLink(browser);
  expect(second.key).not.toBe(first.key);

  // The next party arrives by the new code and sees nothing of the first party's.
  const cleo = await phone(browser);
  await cleo.goto(second.link);
  await expect(cleo.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  await cleo.getByTestId('current-table').click();
  await cleo.getByTestId('table-bill-link').click();
  await expect(cleo.getByRole('heading', { level: 1, name: /the table’s bill/ })).toBeVisible();
  await expect(cleo.getByText('Nothing ordered at this table yet')).toBeVisible();
  await expect(cleo.getByText('Ana')).toHaveCount(0);
  await expect(cleo.getByText(anaOrder)).toHaveCount(0);
  await expectNoAxeViolations(cleo, 'the Table page of a fresh seating');

  // The old code's key is refused: the first party's page says the bill is gone, and so does the provider.
  await ana.reload();
  await expect(ana.getByText('The table’s bill is not available')).toBeVisible({ timeout: 15_000 });
  const old = await ana.request.get(`${provider.url}/api/v1/table/orders`, {
    headers: { ...AUTH, 'X-Table-Key': first.key },
  });
  expect(old.status()).toBe(404);
  await expectNoAxeViolations(ana, 'the Table page with an old key');
});

test('the floor shows guests’ requests and clears a table; a table chosen without its QR code explains the bill', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Table 8: no orders there, whichever test ran first, so clearing it asks nothing.
  const { key } = await qrLink(browser, 8);
  const manager = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(manager, MANAGER, '/staff/floor');
  await expect(manager.getByRole('heading', { level: 1, name: 'Floor' })).toBeVisible();
  const asked = await manager.request.post(`${provider.url}/api/v1/table/requests`, {
    headers: { ...AUTH, 'X-Table-Key': key },
    data: { kind: 'bill' },
  });
  expect(asked.status()).toBe(201);
  await expect(manager.getByTestId('service-request').filter({ hasText: 'Table 8 asks for the bill' })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(manager, 'the floor with a request');
  await manager.getByRole('button', { name: 'Clear table Table 8' }).click();
  await expect(manager.getByText('Table 8 is cleared for the next guests.')).toBeAttached();
  await expect(manager.getByTestId('service-request')).toHaveCount(0);

  // A guest who picked the table in the picker has no key: the page says where the bill is.
  const guest = await phone(browser);
  await guest.goto(`${provider.url}/`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  await guest.getByRole('button', { name: 'Pick your table' }).click();
  await guest.getByTestId('table-option').filter({ hasText: 'Table 7' }).click();
  await guest.getByTestId('current-table').click();
  await guest.getByTestId('table-bill-link').click();
  await expect(guest.getByText('Scan your table’s QR code to see its bill')).toBeVisible();
  await expect(guest.getByTestId('guest-name-prompt')).toHaveCount(0);
  await expectNoAxeViolations(guest, 'the Table page without a key');
});
