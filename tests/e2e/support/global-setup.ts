// Before the browsers: one demo provider's first start (migrations, demo menu and tables, the manager's password),
// kept as the data folder every demo provider of the run copies instead of doing the same work again.
// `npm test` makes it beside the build (make-template.ts, E2E_PREPARED_TEMPLATE); otherwise it is made here.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { E2E_MANAGER_PASSWORD, startProviderProcess, TEMPLATE_ENV } from './provider-process';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Made without a template: a folder left over from an earlier run's environment is not this run's.
  delete process.env[TEMPLATE_ENV];
  const prepared = process.env.E2E_PREPARED_TEMPLATE;
  if (prepared && existsSync(prepared)) {
    process.env[TEMPLATE_ENV] = prepared;
    return async () => {
      await rm(prepared, { recursive: true, force: true });
    };
  }
  const provider = await startProviderProcess({ env: { PROVIDER_MANAGER_PASSWORD: E2E_MANAGER_PASSWORD } });
  await provider.stop();
  // The workers inherit this process's environment.
  process.env[TEMPLATE_ENV] = provider.dataDir;
  return async () => {
    await rm(provider.dataDir, { recursive: true, force: true });
  };
}
