// The end of a staff session on a kitchen tablet: the warning five minutes before (axe at zero), the password keeping
// the session, and the same station's rail after signing in again once it has ended.
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { COOK, useConsoleProvider } from './support/console';
import { screenshotIfAsked } from './support/screenshots';

const TABLET = { width: 1024, height: 768 };
const HOUR = 3_600_000;

const setup = useConsoleProvider();

test('warns five minutes before the session ends; the password keeps the bar’s rail as it is', async ({ page }) => {
  await page.setViewportSize(TABLET);
  await setup.signIn(page, COOK, '/staff?station=bar');
  await expect(page.getByTestId('ticket-rail')).toHaveAttribute('aria-busy', 'false');

  // The page's clock only: the provider's session is still good, as it is five minutes before its end.
  await page.clock.fastForward(12 * HOUR - 5 * 60_000);
  const warning = page.getByRole('form', { name: 'Stay signed in' });
  await expect(warning).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your session ends at' })).toBeVisible();
  await expectNoAxeViolations(page, 'the console with the session warning');
  await screenshotIfAsked(page, 'console-session-warning', { fullPage: false });

  // The provider's clock cannot jump: the page's comes back to it, so the new session is timed as the provider sees it.
  await page.clock.setSystemTime(Date.now());
  await warning.getByLabel('Password').fill(COOK.password);
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'bar' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?station=bar');
});
