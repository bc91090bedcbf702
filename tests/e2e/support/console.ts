// The console's e2e setup, shared by the specs that use it: a provider with a manager and a cook, and signing in.
import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { startProviderProcess, type ProviderProcess, type ProviderProcessOptions } from './provider-process';

export const MANAGER = { name: 'manager', password: 'e2e-manager-password' };
export const COOK = { name: 'ines', password: 'e2e-cook-password' };
export const AUTH = { Authorization: 'Bearer demo-token' };

export type Account = typeof MANAGER;

export interface ConsoleSetup {
  provider: ProviderProcess;
  /** Signs in on the console's form at `path` and waits for the console. */
  signIn(page: Page, account: Account, path?: string): Promise<void>;
}

/** A provider of the test's own whose manager (PROVIDER_MANAGER_PASSWORD) has added a cook, as on the Staff screen. */
export async function startConsoleProvider(
  playwright: PlaywrightWorkerArgs['playwright'],
  options: ProviderProcessOptions = {},
): Promise<ConsoleSetup> {
  const provider = await startProviderProcess({
    ...options,
    env: { ...options.env, PROVIDER_MANAGER_PASSWORD: MANAGER.password },
  });
  const api = await playwright.request.newContext({ baseURL: provider.url, extraHTTPHeaders: AUTH });
  try {
    expect((await api.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
    expect((await api.post('/api/v1/staff/accounts', { data: { ...COOK, role: 'kitchen' } })).status()).toBe(201);
  } finally {
    await api.dispose();
  }
  async function signIn(page: Page, account: Account, path = '/staff') {
    await page.goto(`${provider.url}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurant console' })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  }
  return { provider, signIn };
}
