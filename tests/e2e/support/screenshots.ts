// Screenshots a spec keeps only when asked, in the folder an environment variable names (docs, or an issue's evidence).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Saves the page (or one element of it) as `{dir}/{name}.png` when the variable `env` names a folder; does nothing
 * otherwise: a picture costs the browser a paint and a PNG, and no test reads it.
 */
export async function screenshotIfAsked(
  page: Page | Locator,
  name: string,
  { env = 'E2E_SCREENSHOTS', fullPage = true }: { env?: string; fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env[env];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), ...('goto' in page ? { fullPage } : {}) });
}
