// The manager's Day screen in Chromium: orders placed today, the chart of orders and sales by hour drawn, the dishes
// ranked, axe at zero, and the day's lines saved as CSV with one row per order line placed.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Locator } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { MANAGER, useConsoleProvider } from './support/console';
import { placeOrderByApi } from './support/guest-device';
import { screenshotIfAsked } from './support/screenshots';

const MARGHERITA = 33;
const TIRAMISU = 47;
const ESPRESSO = 62;

// Five lines at three tables: Margherita 4, Espresso 3, Tiramisu 2.
const ORDERS = [
  {
    table_id: 1,
    items: [
      { menu_id: MARGHERITA, quantity: 3 },
      { menu_id: ESPRESSO, quantity: 1 },
    ],
  },
  {
    table_id: 3,
    items: [
      { menu_id: MARGHERITA, quantity: 1 },
      { menu_id: TIRAMISU, quantity: 2 },
    ],
  },
  { table_id: 5, items: [{ menu_id: ESPRESSO, quantity: 2 }] },
];
const LINES = ORDERS.reduce((count, order) => count + order.items.length, 0);

const setup = useConsoleProvider();

test.use({ viewport: { width: 1280, height: 800 } });

/** How many of the chart canvas's pixels are (nearly) this colour: the marks it drew in it. */
function pixelsOf(chart: Locator, colour: [number, number, number]): Promise<number> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement, [red, green, blue]) => {
    const context = canvas.getContext('2d');
    if (!context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let at = 0; at < data.length; at += 4) {
      const [r = 0, g = 0, b = 0, alpha = 0] = data.subarray(at, at + 4);
      const near = Math.abs(r - red) + Math.abs(g - green) + Math.abs(b - blue);
      if (alpha > 200 && near < 24) count += 1;
    }
    return count;
  }, colour);
}

test('the manager reads the day: the chart by hour, the dishes ranked, and the lines as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const placed = [];
  for (const order of ORDERS) placed.push(await placeOrderByApi(request, setup.provider.url, order));

  await setup.signIn(page, MANAGER, '/staff/day');
  await expect(page.getByRole('heading', { level: 1, name: 'The day’s figures' })).toBeVisible();

  // The chart: a picture named for the table of the same figures, whose canvas has the bars and the line in it.
  const chart = page.getByRole('img', { name: /^Chart of sales by hour .* the table below has the same figures$/ });
  await expect(chart).toBeVisible();
  await expect.poll(() => pixelsOf(chart, [0x8a, 0x4b, 0x08]), { message: 'the sales bars' }).toBeGreaterThan(200);
  await expect.poll(() => pixelsOf(chart, [0x1e, 0x3a, 0x8a]), { message: 'the orders line' }).toBeGreaterThan(10);
  const hours = page.getByRole('table', { name: 'Orders and sales by hour' });
  await expect(hours.getByRole('row')).not.toHaveCount(1);

  // The dishes, most sold first.
  const dishes = page.getByRole('region', { name: 'Dishes sold' }).getByRole('row');
  await expect(dishes.getByRole('rowheader')).toHaveText(['Margherita', 'Espresso', 'Tiramisu']);
  // Rank, quantity, sales: four Margheritas.
  await expect(dishes.nth(1).getByRole('cell').nth(1)).toHaveText('4');

  await expectNoAxeViolations(page, 'the Day screen');
  await screenshotIfAsked(page, 'console-day');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the day’s lines (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^day-\d{4}-\d{2}-\d{2}-lines\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const header = text.slice(1, text.indexOf('\n'));
  const rows = parse(text, { bom: true, columns: true, delimiter: header.includes(';') ? ';' : ',' }) as Record<
    string,
    string
  >[];
  // One row per order line placed that day, each of one of those orders.
  expect(rows).toHaveLength(LINES);
  expect(new Set(rows.map((row) => row.order_id))).toEqual(new Set(placed.map((order) => order.orderID)));
});
