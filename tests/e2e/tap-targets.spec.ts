// Every control a guest taps on a phone is at least 44 × 44 CSS pixels: Add, the section chips, the search's clear
// button, the cart's − and +, and Remove on the order page; and on the smallest phone, the header's controls beside the
// restaurant's name in whole words.
import { expect, test, type Locator } from './support/test';
import type { ProviderProcess } from './support/provider-process';
import { rememberOnDevice, type PlacedOrder } from './support/guest-device';

// The kitchen still, so a placed order stays `received` and its lines can be removed.
let provider: ProviderProcess;
test.beforeAll(({ stillProvider }) => {
  provider = stillProvider;
});

async function expectTapTarget(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
  expect(box, `${name} has a box`).not.toBeNull();
  expect(box!.width, `${name} is at least 44 px wide`).toBeGreaterThanOrEqual(44);
  expect(box!.height, `${name} is at least 44 px high`).toBeGreaterThanOrEqual(44);
}

test('on a phone, every control a guest taps is at least 44 px each way', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', 'yes');
    localStorage.setItem(
      'order_items',
      JSON.stringify([{ id: 'a1', menu_id: 33, name: 'Margherita', price: 11.5, image: '/images/dishes/pizza-1.svg' }]),
    );
    localStorage.setItem('table_id', '3');
  });

  await page.goto(`${provider.url}/?category_id=3&sub_cat_id=7`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  await expectTapTarget(page.getByTestId('add-to-cart').first());
  await expectTapTarget(page.getByTestId('sub-category-all'));
  for (const chip of await page.getByTestId('sub-category').all()) await expectTapTarget(chip);
  await page.getByRole('searchbox', { name: 'Search the menu' }).fill('pizza');
  await expectTapTarget(page.getByRole('button', { name: 'Clear search' }).first());

  await page.getByTestId('view-cart').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expectTapTarget(page.getByTestId('line-decrement'));
  await expectTapTarget(page.getByTestId('line-increment'));

  const placed = await request.post(`${provider.url}/api/v1/orders`, {
    headers: { Authorization: 'Bearer demo-token' },
    data: {
      table_id: 3,
      items: [
        { menu_id: 33, quantity: 1, note: '' },
        { menu_id: 47, quantity: 2, note: '' },
      ],
    },
  });
  expect(placed.status()).toBe(201);
  const placedOrder = (await placed.json()) as PlacedOrder;
  const { orderID } = placedOrder;
  // This device placed it, as far as the app knows: it holds the order's key.
  await rememberOnDevice(page, placedOrder);
  await page.goto(`${provider.url}/cart?orderID=${orderID}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderID}` })).toBeVisible({ timeout: 15_000 });
  const removes = page.getByRole('button', { name: /^Remove / });
  await expect(removes).toHaveCount(2);
  for (const remove of await removes.all()) await expectTapTarget(remove);
});

test('on a 320-px phone with no table yet, the header shows the restaurant’s name in whole words, in each language', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${provider.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible({ timeout: 15_000 });
  const header = page.getByRole('banner');
  const name = header.getByRole('link', { name: 'Amber Table' });
  for (const [language, chooseTable] of [
    ['en', 'Choose table'],
    ['es', 'Elige mesa'],
    ['ar', 'اختر طاولتك'],
  ] as const) {
    if (language !== 'en') await header.getByRole('combobox').selectOption(language);
    const choose = header.getByRole('button', { name: chooseTable });
    await expect(choose).toBeVisible();
    // Cut, the name would be wider or taller than its box ("A…" over "T…"): whole, each word fits on its line.
    const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
    expect(fits, `the name is whole in ${language}`).toBe(true);
    await expectTapTarget(header.getByRole('combobox'));
    await expectTapTarget(choose);
    await expectTapTarget(header.getByRole('link', { name: /^(Cart|Carrito|السلة)/ }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  }
});
