// The app shell in a real browser: first paint without JavaScript, the splash, the shell, the loader animation and the 404 page.
import { expect, test } from './support/test';

// The first paint, the splash and the loader are what these are about: the splash lasts its full 3 s here.
test.describe(() => {
  test.use({ realSplash: true });

  test('paints the loader picture before any script runs', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    const picture = page.locator('#boot-splash img');
    await expect(picture).toBeVisible();
    expect(await picture.boundingBox()).toMatchObject({ width: 250, height: 350 });
  });

  test('shows the animated splash, then the app shell, and the same player while a slow screen loads', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The cart screen's code is held until the loader has been checked: an on-demand screen on a slow network.
    let releaseCart = () => {};
    const cartHeld = new Promise<void>((resolve) => (releaseCart = resolve));
    await page.route(/\/assets\/cart-[\w-]+\.js$/, async (route) => {
      await cartHeld;
      await route.continue();
    });
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    // The splash's picture, 250 × 350: the still frame until lottie-react's player has arrived (its chunk follows the
    // first screen's code, so on a slow or busy machine the splash may end first), then the player's own SVG.
    const picture = splash.locator('.plate-loader > *');
    await expect(picture).toBeVisible();
    // Polled: the player may replace the still frame between two looks (its chunk is fetched while the splash shows).
    await expect.poll(() => picture.boundingBox()).toMatchObject({ width: 250, height: 350 });
    await expect(page.locator('#boot-splash')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible({ timeout: 10_000 });
    await expect(splash).toBeHidden();
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await expect(page.getByTestId('potential-spend')).toHaveText('$0.00');
    await expect(page).toHaveTitle('Amber Table · Order at your table');
    // The first screen's code, listed inert by the build, was put in the page by the early script (the entry's loader
    // may have listed the same chunk first, when it needed it before the menu's first answer came).
    const firstScreenCode = await page.evaluate(() => ({
      listed: (document.getElementById('first-screen-code') as HTMLTemplateElement | null)?.content.childElementCount,
      inPage: document.head.querySelectorAll('link[rel="modulepreload"][href*="/first-screen-"]').length,
    }));
    expect(firstScreenCode.listed).toBe(0);
    expect(firstScreenCode.inPage).toBeGreaterThanOrEqual(1);

    await page.getByRole('link', { name: /^Cart: 0 items/ }).click();
    const loader = page.getByTestId('screen-loader');
    // The on-demand screen's loader plays the plate with lottie-react: lottie's SVG, 250 × 350, its drawing moving on.
    const player = loader.getByTestId('plate-animation').locator('svg');
    await expect(player).toBeVisible();
    expect(await player.boundingBox()).toMatchObject({ width: 250, height: 350 });
    await expect(loader.locator('img')).toHaveCount(0);
    const loaderFrame = await player.innerHTML();
    await expect.poll(() => player.innerHTML()).not.toBe(loaderFrame);
    releaseCart();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(loader).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('shows the still picture instead of the animation when the guest prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const playerRequests: string[] = [];
    page.on('request', (request) => {
      if (/plate-animation/.test(request.url())) playerRequests.push(request.url());
    });
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash.locator('img')).toBeVisible();
    await expect(splash.locator('.plate-loader svg')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible({ timeout: 10_000 });
    // The player's code is never fetched for a guest who will not see it play.
    expect(playerRequests).toEqual([]);
  });
});

test('the cart badge reads the stored cart, including prices given as text', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('order_items', JSON.stringify([{ price: '$12.50' }, { price: 4 }, { price: 'n/a' }]));
  });
  await page.goto('/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(page.getByTestId('potential-spend')).toHaveText('$16.50');
});

test('unknown paths show the not-found page with its two ways out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible();
  await page.goto('/this/is/not/on/the/menu');
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound.getByText('404')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
  await expect(notFound).toContainText("Looks like you've wandered off the menu!");

  await page.getByRole('button', { name: 'Go Back' }).click();
  // The menu opens on its first category.
  await expect(page).toHaveURL(/\/(\?category_id=1)?$/);
  await page.goForward();
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/(\?category_id=1)?$/);
  await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible();
});

test('the whole shell can be used with the keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Amber Table' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('current-table')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Cart: 0 items/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  // The header's link stays on screen, yet the keyboard lands on the new screen's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused();
});
