// Screenshots a spec keeps only when asked, in the folder an environment variable names (docs, or an issue's evidence).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Saves the page as `{dir}/{name}.png` when the variable `env` names a folder; does nothing otherwise. */
export async function screenshotIfAsked(
  page: Page,
  name: string,
  { env = 'E2E_SCREENSHOTS', fullPage = true }: { env?: string; fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env[env];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
