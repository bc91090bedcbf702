// axe-core on every screen and state a guest can meet: zero WCAG A/AA (and best-practice) violations.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

test('the splash', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('splash')).toBeVisible();
  await expectNoAxeViolations(page, 'the splash');
});

test('the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expectNoAxeViolations(page, 'the not-found page');
});

test('the table picker', async ({ page }) => {
  await page.goto('/cart');
  await page.getByTestId('current-table').click();
  await expect(page.getByTestId('table-option').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the table picker');
});
