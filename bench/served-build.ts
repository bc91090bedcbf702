// A production build of the app served by the reference provider (PGlite, loopback), for the benches and Lighthouse.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProvider, type RunningProvider } from '../server/start';
import { buildApp } from './bytes';

export interface ServedBuild {
  appDir: string;
  url: string;
  /** The provider's database, for a bench that needs what the demo restaurant was given (a table's key). */
  db: RunningProvider['db'];
  /** Stops the provider and removes its data, and the build if this made it. */
  close(): Promise<void>;
}

/** Serves `appDir` (already built), or a fresh build in a temporary folder named after `name`. */
export async function serveBuild(
  name: string,
  { appDir, seedExtraItems }: { appDir?: string; seedExtraItems?: number } = {},
): Promise<ServedBuild> {
  const dir = appDir ?? mkdtempSync(join(tmpdir(), `${name}-app-`));
  if (!appDir) await buildApp(dir);
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-provider-`));
  const provider = await startProvider({
    storage: { kind: 'pglite', dataDir },
    kitchenSeconds: 0,
    staticDir: dir,
    seedExtraItems,
    port: 0,
  });
  return {
    appDir: dir,
    url: provider.url,
    db: provider.db,
    async close() {
      await provider.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (!appDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
