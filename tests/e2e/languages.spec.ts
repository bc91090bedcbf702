// The guest's language in Chromium: a Spanish browser gets Spanish with no English left on the POS, Arabic lays the
// app out right to left without overflow at phone and tablet widths, axe finds nothing in any language, a whole order
// is placed and followed in Spanish, and the kitchen board shows it in the restaurant's own names.
import { expect, test, type Page } from './support/test';
import english from '../../src/ui/i18n/catalogs/en.json' with { type: 'json' };
import spanish from '../../src/ui/i18n/catalogs/es.json' with { type: 'json' };
import { demoRestaurant } from '../../server/seed/demo-restaurant';
import { expectNoAxeViolations } from './support/axe';
import { MANAGER } from './support/console';
import type { ProviderProcess } from './support/provider-process';
import { screenshotIfAsked } from './support/screenshots';

// The worker's provider whose kitchen stays still: the order placed below is still on the kitchen board when the
// cook's tablet opens it.
let provider: ProviderProcess;
test.beforeAll(({ stillProvider }) => {
  provider = stillProvider;
});

test.use({ locale: 'es-ES' });

async function openStarters(page: Page, heading: string) {
  await page.goto(`${provider.url}/?category_id=1`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('menu-item').first()).toBeVisible();
}

/** Everything a reader or a screen reader meets on the page: its text, labels, placeholders and titles. */
function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap(
      (element) => ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
}

async function expectNoOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `horizontal overflow on ${where}`).toBeLessThanOrEqual(innerWidth);
}

test('a Spanish browser gets the POS in Spanish, with no English left but untranslated dish names', async ({
  page,
}) => {
  await openStarters(page, 'Carta');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('link', { name: 'Sopa de tomate asado' })).toBeVisible();
  await expect(page.getByTestId('language-switch')).toHaveValue('es');

  // The restaurant's own name is no English to translate.
  const words = (await pageWords(page)).replaceAll('Amber Table', '');
  // Whole words only ("Vegan" is no leftover inside "Vegano"); where one is found, the words around it say where.
  const found = (text: string) => {
    const at = new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').exec(words);
    return at ? `${text} … in “${words.slice(Math.max(0, at.index - 40), at.index + text.length + 40)}”` : null;
  };
  // The app's own words: every English message without placeholders that Spanish says differently.
  const leftovers = Object.entries(english)
    .filter(([id, text]) => !text.includes('{') && !text.includes('<') && spanish[id as keyof typeof spanish] !== text)
    .map(([, text]) => found(text))
    .filter((text) => text !== null);
  expect(leftovers).toEqual([]);
  // The menu's words: no English name or description of the restaurant's categories, sections or dishes.
  const menuEnglish = [
    ...demoRestaurant.categories.flatMap((category) => [category.name, category.description]),
    ...demoRestaurant.subCategories.map((sub) => sub.name),
    ...demoRestaurant.menuItems.flatMap((item) => [item.name, item.description]),
  ].filter(
    (text): text is string =>
      text !== null && text.length > 0 && /[a-z]{3}/.test(text) && !['Burrata', 'Pizza', 'Pasta'].includes(text),
  );
  expect(menuEnglish.map(found).filter((text) => text !== null)).toEqual([]);
  await expectNoAxeViolations(page, 'the POS in Spanish');
});

test('a whole order in Spanish; the kitchen board shows it in the restaurant’s names', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('table_id', '7'));
  await openStarters(page, 'Carta');
  await page.getByRole('button', { name: 'Añadir Sopa de tomate asado al carrito' }).click();
  await expect(page.getByTestId('live-region')).toHaveText(/Añadido 1 × Sopa de tomate asado/);
  await page.getByTestId('view-cart').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tu carrito' })).toBeVisible();
  await expectNoAxeViolations(page, 'the cart in Spanish');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/cart\?orderID=[0-9A-Z]{8}$/);
  const orderID = new URL(page.url()).searchParams.get('orderID') ?? '';
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${orderID}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toContainText('Recibido');
  // The guest reads the order in Spanish; the order itself keeps the restaurant's names, for the kitchen.
  await expect(page.getByTestId('order-line')).toContainText('Sopa de tomate asado');
  await expectNoAxeViolations(page, 'the order page in Spanish');

  // The cook's tablet, in the browser's Spanish too: the console stays in the restaurant's language.
  const cook = await (await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } })).newPage();
  await cook.goto(`${provider.url}/staff`);
  await cook.getByLabel('Name').fill(MANAGER.name);
  await cook.getByLabel('Password').fill(MANAGER.password);
  await cook.getByRole('button', { name: 'Sign in' }).click();
  const card = cook.locator(`[data-testid="order-card"][data-order-id="${orderID}"]`);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('1 × Roasted Tomato Soup');
  await expect(card).not.toContainText('Sopa');
  await expect(card.getByRole('button', { name: 'Bump' })).toBeVisible();
});

for (const width of [360, 1180]) {
  test(`switching to Arabic lays the app out right to left at ${width} px, without overflow; axe finds nothing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 820 });
    await openStarters(page, 'Carta');
    await expectNoOverflow(page, `the Spanish POS at ${width} px`);
    await page.getByTestId('language-switch').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'القائمة' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'شوربة الطماطم المشوية' })).toBeVisible();
    // The header's start is on the right now: the brand sits right of the cart badge.
    const brand = await page.locator('.app-header__brand').boundingBox();
    const badge = await page.locator('.cart-badge').boundingBox();
    expect(brand!.x).toBeGreaterThan(badge!.x);
    await expectNoOverflow(page, `the Arabic POS at ${width} px`);
    await screenshotIfAsked(page, `pos-ar-${width}`, { fullPage: false });
    await expectNoAxeViolations(page, `the POS in Arabic at ${width} px`);

    await page.getByRole('link', { name: 'شوربة الطماطم المشوية' }).click();
    await expect(page.getByRole('dialog', { name: 'شوربة الطماطم المشوية' })).toBeVisible();
    await expectNoAxeViolations(page, `the dish dialog in Arabic at ${width} px`);
    await page.getByRole('dialog').getByTestId('add-to-cart').click();
    await page.getByTestId('view-cart').click();
    await expect(page.getByRole('heading', { level: 1, name: 'سلتك' })).toBeVisible();
    await expectNoOverflow(page, `the Arabic cart at ${width} px`);
    await screenshotIfAsked(page, `cart-ar-${width}`);
    await expectNoAxeViolations(page, `the cart in Arabic at ${width} px`);

    // Remembered on the device: a reload starts in Arabic.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'سلتك' })).toBeVisible();
  });
}

test('the navigation progress bar runs from the start of the line: left to right, and right to left in Arabic', async ({
  page,
}) => {
  await openStarters(page, 'Carta');
  // The bar as the app draws it while a screen loads, sampled early and late in its animation (paused, so no timing).
  const barLeftEdges = (dir: 'ltr' | 'rtl') =>
    page.evaluate((dir) => {
      const bar = document.createElement('div');
      bar.className = 'nav-progress';
      bar.dir = dir;
      document.body.append(bar);
      const [animation] = bar.getAnimations({ subtree: true });
      if (!animation) throw new Error('The progress bar is not animated');
      animation.pause();
      const at = (fraction: number) => {
        animation.currentTime = 1100 * fraction;
        return parseFloat(getComputedStyle(bar, '::after').left);
      };
      const edges = [at(0.2), at(0.8)];
      bar.remove();
      return edges;
    }, dir);
  const [ltrEarly, ltrLate] = await barLeftEdges('ltr');
  expect(ltrLate).toBeGreaterThan(ltrEarly!);
  const [rtlEarly, rtlLate] = await barLeftEdges('rtl');
  expect(rtlLate).toBeLessThan(rtlEarly!);
});

test('the not-found page in Spanish and the spec’s English texts for an English browser', async ({ page, browser }) => {
  await page.goto(`${provider.url}/no-such-page`);
  await expect(page.getByRole('heading', { level: 1, name: '¡Vaya! Página no encontrada' })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(page, 'the not-found page in Spanish');
  const englishPage = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await englishPage.goto(`${provider.url}/no-such-page`);
  await expect(englishPage.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(englishPage.getByTestId('not-found')).toContainText(
    "Looks like you've wandered off the menu! The page you're looking for doesn't exist or has been moved to a different location.",
  );
});
