// The console's e2e setup, shared by the specs that use it: a provider with a manager and a cook, and signing in.
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import {
  E2E_MANAGER_PASSWORD,
  startProviderProcess,
  type ProviderProcess,
  type ProviderProcessOptions,
} from './provider-process';
import { expect, test } from './test';

export const MANAGER = { name: 'manager', password: E2E_MANAGER_PASSWORD };
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

/**
 * A console provider for one spec file: started before its first test, disposed after its last. Read `provider` inside
 * tests and hooks (it exists from the first test on).
 */
export function useConsoleProvider(options: ProviderProcessOptions = {}): ConsoleSetup {
  let setup: ConsoleSetup | undefined;
  test.beforeAll(async ({ playwright }) => {
    // A fresh provider migrates and seeds first: on a machine shared with other work that can outlast a minute.
    test.setTimeout(120_000);
    setup = await startConsoleProvider(playwright, options);
  });
  test.afterAll(async () => {
    await setup?.provider.dispose();
  });
  const started = (): ConsoleSetup => {
    if (!setup) throw new Error('The console provider starts before the first test');
    return setup;
  };
  return {
    get provider() {
      return started().provider;
    },
    signIn: (...args) => started().signIn(...args),
  };
}
