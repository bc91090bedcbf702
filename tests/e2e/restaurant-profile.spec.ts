// The production start as a restaurant does it: the compiled provider (npm run serve) on an empty PostgreSQL database,
// with a PROVIDER_TOKEN the app was not built with. The guests' app works (the provider tells it its token); the manager
// signs in and saves Settings with the keyboard; a guest's open menu takes the new name and currency live.
import { expect, test, type Browser, type Page } from './support/test';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { expectNoAxeViolations } from './support/axe';
import { emptyDatabase } from './support/empty-database';

const TOKEN = 'some-other-token';
const MANAGER = { name: 'manager', password: 'a-manager-password-for-e2e' };

const SERVER_BUILD = 'test-results/restaurant-profile-server';
let serve: ChildProcess | undefined;
let url = '';
let cleanUp: () => Promise<void> = async () => {};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // npm run build:server; the app itself is built by the test command before the e2e run (npm run build).
  // Into a folder of its own: the provider's own tests build and run dist-server/ meanwhile.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', SERVER_BUILD]);
  const database = await emptyDatabase('e2e-profile');
  cleanUp = database.drop;
  // npm run serve, as the README's production start: seeding the demo menu so that there are prices to watch.
  const child = spawn(process.execPath, ['--enable-source-maps', `${SERVER_BUILD}/serve.js`], {
    env: {
      ...process.env,
      ...database.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: 'dist',
      PROVIDER_TOKEN: TOKEN,
      PROVIDER_MANAGER_PASSWORD: MANAGER.password,
      PROVIDER_SEED: 'demo',
      PROVIDER_WORKERS: '',
      PROVIDER_PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  serve = child;
  let output = '';
  url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run serve exited with ${String(code)}:\n${output}`)));
  });
});

test.afterAll(async () => {
  if (serve && serve.exitCode === null && serve.signalCode === null) {
    const exited = once(serve, 'exit');
    serve.kill('SIGTERM');
    await exited;
  }
  await cleanUp();
});

/** Screenshots for the docs and the note, with E2E_DOCS_SCREENSHOTS=dir. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_DOCS_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

async function openGuest(browser: Browser): Promise<{ page: Page; tokens: Set<string> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  const tokens = new Set<string>();
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) tokens.add(request.headers().authorization ?? 'none');
  });
  await page.goto(`${url}/?category_id=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 20_000 });
  return { page, tokens };
}

test('npm run serve with its own token: guests order from the app, the manager’s Settings reach their screens', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The app was built with the default token; the provider's page tells it the provider's own.
  const guest = await openGuest(browser);
  const lentils = guest.page.getByTestId('menu-item').filter({ hasText: 'Spiced Lentil Soup' });
  await expect(lentils).toContainText('$6.90');
  expect([...guest.tokens]).toEqual([`Bearer ${TOKEN}`]);
  await expect(guest.page.getByRole('banner')).toContainText('Amber Table');
  // Marked, to tell a live change from a reload later on.
  await guest.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await shot(guest.page, 'profile-guest-before');

  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const manager = await laptop.newPage();
  await manager.goto(`${url}/staff`);
  await expect(manager.getByRole('heading', { level: 1, name: 'Restaurant console' })).toBeVisible({
    timeout: 20_000,
  });
  // Signing in with the keyboard alone: the name field has focus.
  await expect(manager.getByLabel('Name')).toBeFocused();
  await manager.keyboard.type(MANAGER.name);
  await manager.keyboard.press('Tab');
  await manager.keyboard.type(MANAGER.password);
  await manager.keyboard.press('Enter');
  await expect(manager.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The print sheet says its codes cannot be trusted yet.
  await manager.goto(`${url}/staff/print`);
  await expect(manager.getByTestId('public-url-warning')).toContainText('public address is not set');

  // …and leads to where that is set.
  await manager.getByTestId('public-url-warning').getByRole('link', { name: 'Settings' }).focus();
  await manager.keyboard.press('Enter');
  await expect(manager.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const name = manager.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Amber Table');
  await expectNoAxeViolations(manager, 'Settings');

  await name.focus();
  await manager.keyboard.press('ControlOrMeta+a');
  await manager.keyboard.type('Casa Lucía');
  await manager.keyboard.press('Tab');
  await expect(manager.getByLabel('Currency')).toBeFocused();
  await manager.keyboard.press('ControlOrMeta+a');
  await manager.keyboard.type('eur');
  await expect(manager.getByLabel('Currency')).toHaveValue('EUR');
  // A tax rate out of range comes back from the provider beside its field, with focus on it.
  const tax = manager.getByLabel('Tax rate (%)');
  await tax.focus();
  await manager.keyboard.press('ControlOrMeta+a');
  await manager.keyboard.type('70');
  await manager.keyboard.press('Enter');
  await expect(tax).toBeFocused();
  await expect(tax).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(manager, 'Settings with a field error');
  await manager.keyboard.press('ControlOrMeta+a');
  await manager.keyboard.type('10');
  const address = manager.getByLabel('Public address');
  await address.focus();
  await manager.keyboard.type('https://order.casa-lucia.example');
  await manager.keyboard.press('Enter');
  await expect(manager.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(manager.getByText('Casa Lucía · Console')).toBeVisible();
  await shot(manager, 'profile-settings-saved');
  await manager.evaluate(() => window.scrollTo(0, 0));
  await shot(manager, 'profile-settings');

  // The guest's menu, still open, follows without a reload.
  await expect(guest.page.getByRole('banner')).toContainText('Casa Lucía', { timeout: 15_000 });
  await expect(lentils).toContainText('€6.90');
  expect(await guest.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await guest.page.title()).toBe('Casa Lucía · Order at your table');
  await shot(guest.page, 'profile-guest-after');

  // The print sheet's codes now open the public address.
  await manager.goto(`${url}/staff/print`);
  await expect(manager.getByTestId('print-card').first()).toBeVisible();
  await expect(manager.getByTestId('public-url-warning')).toHaveCount(0);
  const link = await manager.locator('[data-testid="print-card"] svg').first().getAttribute('data-link');
  expect(link).toMatch(/^https:\/\/order\.casa-lucia\.example\/\?table=\d+&key=/);
  await laptop.close();
  await guest.page.context().close();
});
