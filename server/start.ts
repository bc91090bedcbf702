// Starts a provider (database, migrations, seed, kitchen, HTTP server): used by main, the tests, e2e and the bench.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createProviderApp } from './app';
import type { ProviderConfig } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase, type StorageOptions } from './db/open-database';
import { startKitchen, type Kitchen } from './kitchen';
import { demoRestaurant, withExtraItems, type DemoRestaurant } from './seed/demo-restaurant';
import { seedDatabase, type SeedCounts } from './seed/seed-database';
import { bootstrapStaff, type CreatedAccount } from './staff/staff-bootstrap';

export interface StartOptions extends Partial<Omit<ProviderConfig, 'storage'>> {
  /** Default: PGlite in memory, which suits tests; main.ts passes the configured storage. */
  storage?: StorageOptions;
  /** An already open database to use instead of `storage`; the provider closes it on close(). */
  database?: Database;
  /** The restaurant to seed on first start; default the demo restaurant. */
  data?: DemoRestaurant;
  /** With no `manager`: create a demo manager and cook with random passwords when there is no account yet. */
  demoStaff?: boolean;
}

export interface RunningProvider {
  /** e.g. http://127.0.0.1:4173 (the real port when 0 was asked for). */
  url: string;
  port: number;
  db: Database;
  kitchen: Kitchen;
  seeded: SeedCounts;
  /** Demo staff accounts created by this start, with their passwords (shown once). */
  createdStaff: CreatedAccount[];
  /** Stops taking requests, lets those in flight finish, stops the kitchen and closes the database. */
  close(): Promise<void>;
}

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, host: string) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, (info: AddressInfo) => resolve({ server, port: info.port }));
    server.once('error', reject);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    // Idle keep-alive sockets are closed by close(); a request still running gets a few seconds to finish.
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 3000);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
  });
}

export async function startProvider(options: StartOptions = {}): Promise<RunningProvider> {
  const db = options.database ?? (await openDatabase(options.storage ?? { kind: 'pglite' }));
  let kitchen: Kitchen | undefined;
  try {
    await migrate(db);
    const seeded = await seedDatabase(db, withExtraItems(options.data ?? demoRestaurant, options.seedExtraItems ?? 0));
    const createdStaff = await bootstrapStaff(db, { manager: options.manager, demoAccounts: options.demoStaff });
    kitchen = startKitchen(db, options.kitchenSeconds ?? 0);

    let accepting = true;
    const app = createProviderApp({
      db,
      token: options.token ?? 'demo-token',
      staticDir: options.staticDir,
      corsOrigins: options.corsOrigins,
      isAcceptingRequests: () => accepting,
    });
    const host = options.host ?? '127.0.0.1';
    const { server, port } = await listen(app.fetch, options.port ?? 0, host);
    const shownHost = host.includes(':') ? `[${host}]` : host;
    const running = kitchen;

    let closing: Promise<void> | undefined;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      db,
      kitchen: running,
      seeded,
      createdStaff,
      close() {
        closing ??= (async () => {
          accepting = false;
          await closeServer(server);
          await running.stop();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await kitchen?.stop();
    await db.close().catch(() => undefined);
    throw error;
  }
}
