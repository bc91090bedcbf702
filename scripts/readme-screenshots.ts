// `npx tsx scripts/readme-screenshots.ts`: the README's pictures, taken from the built app (`npm run build` first) in Chromium.
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProvider } from '../server/start';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const outDir = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const MANAGER = { name: 'manager', password: 'screenshot-password' };
const AUTH = { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' };

async function placeOrder(url: string, table_id: number, items: { menu_id: number; quantity: number }[]) {
  const answer = await fetch(`${url}/api/v1/orders`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({ table_id, items }),
  });
  if (answer.status !== 201) throw new Error(`Placing an order answered ${answer.status}: ${await answer.text()}`);
}

async function waitForMenu(page: Page) {
  await page.getByRole('button', { name: /^Add / }).first().waitFor({ timeout: 30_000 });
}

const dataDir = mkdtempSync(join(tmpdir(), 'readme-screenshots-'));
const provider = await startProvider({
  storage: { kind: 'pglite', dataDir },
  staticDir: 'dist',
  kitchenSeconds: 0,
  manager: MANAGER,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  // The guest: a phone at table 5, the menu with something in the cart.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.goto(`${provider.url}/?table=5`);
  await waitForMenu(phone);
  await phone.getByRole('button', { name: /^Add / }).first().click();
  await phone.getByRole('link', { name: /View cart/ }).waitFor();
  await phone.screenshot({ path: join(outDir, 'guest-menu-phone.png') });

  // The cook: the kitchen board on a landscape tablet, with a few orders at different steps.
  await placeOrder(provider.url, 3, [{ menu_id: 1, quantity: 2 }]);
  await placeOrder(provider.url, 7, [
    { menu_id: 2, quantity: 1 },
    { menu_id: 5, quantity: 1 },
  ]);
  await placeOrder(provider.url, 9, [{ menu_id: 3, quantity: 3 }]);
  const tablet = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await tablet.goto(`${provider.url}/staff`);
  await tablet.getByLabel('Name').fill(MANAGER.name);
  await tablet.getByLabel('Password').fill(MANAGER.password);
  await tablet.getByRole('button', { name: 'Sign in' }).click();
  await tablet.getByRole('button', { name: 'Start preparing' }).first().click();
  await tablet.getByRole('heading', { name: /Preparing \(1\)/ }).waitFor();
  await tablet.screenshot({ path: join(outDir, 'console-kitchen-board.png') });

  // The manager: the floor, each table's QR code.
  await tablet.getByRole('link', { name: 'Floor' }).click();
  await tablet.getByRole('img', { name: 'QR code for Table 8' }).waitFor();
  await tablet.screenshot({ path: join(outDir, 'console-floor.png') });
  console.log(`Wrote guest-menu-phone.png, console-kitchen-board.png and console-floor.png in ${outDir}`);
} finally {
  await browser.close();
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
}
