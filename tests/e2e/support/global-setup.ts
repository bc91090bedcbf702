// Before the browsers: one demo provider's first start (migrations, demo menu and tables, the manager's password),
// kept as the data folder every demo provider of the run copies instead of doing the same work again.
import { rm } from 'node:fs/promises';
import { E2E_MANAGER_PASSWORD, startProviderProcess, TEMPLATE_ENV } from './provider-process';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Made without a template: a folder left over from an earlier run's environment is not this run's.
  delete process.env[TEMPLATE_ENV];
  const provider = await startProviderProcess({ env: { PROVIDER_MANAGER_PASSWORD: E2E_MANAGER_PASSWORD } });
  await provider.stop();
  // The workers inherit this process's environment.
  process.env[TEMPLATE_ENV] = provider.dataDir;
  return async () => {
    await rm(provider.dataDir, { recursive: true, force: true });
  };
}
