// Starts a provider (database, migrations, seed, kitchen, HTTP server): used by main, the tests, e2e and the bench.
import { serve, type ServerType } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createProviderApp } from './app';
import type { ProviderConfig } from './config';
import type { Database } from './db/database';
import { migrate, migrationNames } from './db/migrate';
import type { MetricsAccess } from './http/ops-routes';
import { openDatabase, type StorageOptions } from './db/open-database';
import { readSummary } from './catalog/catalog-store';
import { createSummaryCache } from './catalog/summary-cache';
import { startKitchen, type Kitchen } from './kitchen';
import { startPrintWorker, type PrintWorker, type PrintWorkerOptions } from './printing/print-worker';
import { createOrderKeys } from './orders/order-access';
import { loadProviderSecret } from './orders/provider-secret';
import type { TableOrderLimit } from './orders/table-rules';
import { startLiveHub, type LiveHub, type LiveOptions } from './live/live-hub';
import { log, logTaskFailure } from './ops/log';
import { metrics, watch } from './ops/metrics';
import { createReadiness } from './ops/readiness';
import { demoRestaurant, withExtraItems, type DemoRestaurant } from './seed/demo-restaurant';
import { seedDatabase, type SeedCounts } from './seed/seed-database';
import { bootstrapStaff, withdrawCreatedAccounts, type CreatedAccount } from './staff/staff-bootstrap';
import { ensureRestaurant } from './restaurant/restaurant-store';
import { demoPayments } from './payments/payment-port';
import { createStripePayments } from './payments/stripe-payments';
import { createDeviceCookies } from './staff/device-cookies';
import { createPasswords, type ScryptCost } from './staff/passwords';
import { DEFAULT_THROTTLE, type ThrottleLimits } from './staff/sign-in-throttle';
import { openSessions } from './staff/staff-store';
import { createDatabaseThrottle } from './staff/throttle-store';

export interface StartOptions extends Partial<
  Omit<ProviderConfig, 'storage' | 'tableOrdersPerMinute' | 'signIn' | 'printing'>
> {
  /** The print worker's settings beyond the config's (tests shorten the waits); default on, with the config's. */
  printing?: Partial<ProviderConfig['printing']> & PrintWorkerOptions;
  /** New orders per table per minute (or per table); default none: tests and benches place many at once. */
  tableOrdersPerMinute?: TableOrderLimit;
  /** Default: PGlite in memory, which suits tests; main.ts passes the configured storage. */
  storage?: StorageOptions;
  /** An already open database to use instead of `storage`; the provider closes it on close(). */
  database?: Database;
  /** The restaurant to seed on first start; default the demo restaurant. */
  data?: DemoRestaurant;
  /** Live events' settings beyond the config's (tests shorten the intervals). */
  live?: LiveOptions;
  /** With no `manager`: create a demo manager and cook with random passwords when there is no account yet. */
  demoStaff?: boolean;
  /** False: do not seed the demo restaurant (`npm run serve` unless PROVIDER_SEED=demo); default true. */
  seed?: boolean;
  /** How long GET summary's answer is reused unless a change is seen first; default 1 s, 0: read every time. */
  summaryCacheMs?: number;
  /** One line per request; default the process's log (see server/ops/log.ts). */
  logger?: Logger;
  /** Who may read GET /metrics; default this machine only. */
  metrics?: MetricsAccess;
  /** GET /metrics's text; default this process's figures (serve.ts gathers every worker's). */
  readMetrics?: () => Promise<string>;
  /** Stopping: requests in flight get this long to finish before their connections are cut; default 10 s. */
  shutdownGraceMs?: number;
  /** Stopping: a connection with no request in flight is closed once it has had this long to send one; default 0. */
  shutdownIdleMs?: number;
  /** The time as the API sees it (sessions, the sign-in throttle); tests move it on by hand. */
  clock?: () => Date;
  /** The sign-in throttle: the config's `signIn` settings, or whole limits (tests); default DEFAULT_THROTTLE. */
  signIn?: ProviderConfig['signIn'] | ThrottleLimits;
  /** scrypt's cost for new hashes; tests use a small one. Default OWASP's floor (passwords.ts). */
  passwordCost?: ScryptCost;
  /** The most an order may weigh as JSON; default MAX_ORDER_BYTES (tests lower it). */
  maxOrderBytes?: number;
}

/** The throttle's limits from the settings: known devices get the account's allowance, failures are forgotten after an hour. */
export function throttleLimits(signIn: StartOptions['signIn']): ThrottleLimits {
  if (signIn === undefined) return DEFAULT_THROTTLE;
  if ('account' in signIn) return signIn;
  const rule = (free: number) => ({ free, firstDelayMs: 1_000, maxDelayMs: signIn.maxDelaySeconds * 1000 });
  return {
    account: rule(signIn.freeAttempts),
    client: rule(signIn.clientAttempts),
    device: rule(signIn.freeAttempts),
    // Longer than the longest wait, or an attacker who waited it out would find a fresh count.
    forgetAfterMs: Math.max(DEFAULT_THROTTLE.forgetAfterMs, 2 * signIn.maxDelaySeconds * 1000),
  };
}

export interface RunningProvider {
  /** e.g. http://127.0.0.1:4173 (the real port when 0 was asked for). */
  url: string;
  port: number;
  db: Database;
  kitchen: Kitchen;
  live: LiveHub;
  printing: PrintWorker;
  seeded: SeedCounts;
  /** Demo staff accounts created by this start, with their passwords (shown once). */
  createdStaff: CreatedAccount[];
  /**
   * Stops taking connections, tells live streams to reconnect elsewhere, answers the requests in flight and those
   * already sent on open connections (for at most shutdownGraceMs), then stops the kitchen and closes the database.
   */
  close(): Promise<void>;
  /** While close() runs, the step it is on: named in the log when a stop overruns its limit. */
  readonly closingStep: string | undefined;
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  host: string,
  requestTimeoutMs: number,
) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve(
      {
        fetch,
        port,
        hostname: host,
        // A request (headers and body) must arrive within the deadline: a client trickling its body a byte at a
        // time gets 408 instead of holding a connection and a handler forever. Node checks every
        // connectionsCheckingInterval, so that is kept well under the deadline.
        serverOptions: {
          requestTimeout: requestTimeoutMs,
          headersTimeout: Math.min(60_000, requestTimeoutMs),
          connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeoutMs / 4))),
        },
      },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
}

/**
 * Stops accepting connections at once and lets the open ones finish. Every answer from now on says `Connection: close`
 * (app.ts), so a client's next request opens a connection to a process that is staying; a connection that sends nothing
 * for `idleMs` is closed then (closing it at once could cut a request already on its way), and whatever is left when
 * the grace period ends is cut.
 */
async function drainServer(server: ServerType, graceMs: number, idleMs: number): Promise<void> {
  let done = false;
  // net.Server's own close: http.Server's would also close every idle connection at once.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve())).then(() => {
    done = true;
  });
  const http = server as Partial<Pick<HttpServer, 'closeIdleConnections' | 'closeAllConnections'>>;
  const started = Date.now();
  while (!done && Date.now() - started < graceMs) {
    if (Date.now() - started >= idleMs) http.closeIdleConnections?.();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 20))]);
  }
  if (!done) http.closeAllConnections?.();
  await closed;
}

const NOTHING_SEEDED: SeedCounts = {
  categories: 0,
  subCategories: 0,
  menuItems: 0,
  tables: 0,
  optionGroups: 0,
  choices: 0,
};

export async function startProvider(options: StartOptions = {}): Promise<RunningProvider> {
  const db = options.database ?? (await openDatabase(options.storage ?? { kind: 'pglite' }));
  let kitchen: Kitchen | undefined;
  let live: LiveHub | undefined;
  let printing: PrintWorker | undefined;
  let createdStaff: CreatedAccount[] = [];
  try {
    await migrate(db);
    const seeded =
      options.seed === false
        ? NOTHING_SEEDED
        : await seedDatabase(db, withExtraItems(options.data ?? demoRestaurant, options.seedExtraItems ?? 0));
    const secret = await loadProviderSecret(db, options.secret);
    const orderKeys = createOrderKeys(secret);
    const clock = options.clock ?? (() => new Date());
    const passwords = createPasswords({
      ...(options.passwordCost ? { cost: options.passwordCost } : {}),
      ...(options.passwordChecks === undefined ? {} : { concurrency: options.passwordChecks }),
    });
    createdStaff = await bootstrapStaff(db, passwords, {
      manager: options.manager,
      demoAccounts: options.demoStaff,
    });
    await ensureRestaurant(db, options.publicUrl ? { public_url: options.publicUrl } : {});
    // Dropped after this process's own changes commit (API writes, kitchen moves) and whenever the hub reads an
    // event that may change it (any process's), so a summary is never older than the events this process has seen.
    const summary = createSummaryCache(() => readSummary(db), { ttlMs: options.summaryCacheMs ?? 1_000 });
    kitchen = startKitchen(db, options.kitchenSeconds ?? 0, { onMoved: summary.invalidate });
    live = await startLiveHub(db, {
      ...(options.liveHeartbeatSeconds === undefined ? {} : { heartbeatMs: options.liveHeartbeatSeconds * 1000 }),
      ...(options.liveMaxStreams === undefined ? {} : { maxStreams: options.liveMaxStreams }),
      ...(options.liveMaxStaffStreams === undefined ? {} : { maxStaffStreams: options.liveMaxStaffStreams }),
      ...(options.liveStreamsPerClient === undefined ? {} : { maxStreamsPerClient: options.liveStreamsPerClient }),
      ...(options.liveReplayMinutes === undefined ? {} : { keepEventsMs: options.liveReplayMinutes * 60_000 }),
      openSessions: (tokenHashes) => openSessions(db, tokenHashes, clock()),
      readSummary: summary.read,
      onSummaryChange: summary.invalidate,
      onEventSent: () => metrics.liveEventsSent.inc(),
      // PGlite is one process's: every event it commits either notifies or is followed by readSoon() (a placed
      // order), so the look for quiet events written by other processes is only a safety net there, and at every 50 ms
      // it would keep an idle provider's WASM database busy (about 5 % of a core).
      ...(db.kind === 'pglite' ? { pollMs: 1000 } : {}),
      ...options.live,
    });
    const hub = live;
    const unwatch = watch({
      available: () => db.isAvailable?.() ?? true,
      ...(db.poolStats ? { pool: db.poolStats } : {}),
      streams: () => hub.streamCounts(),
    });

    // Tickets written with orders go out after their commit, from whichever process claims them first.
    const { failoverAfter, maxRetrySeconds, expireMinutes, ...printOptions } = options.printing ?? {};
    printing = startPrintWorker(db, {
      failoverAfter: failoverAfter ?? 3,
      maxBackoffMs: (maxRetrySeconds ?? 30) * 1000,
      expireMinutes: expireMinutes ?? 60,
      hooks: {
        onWaiting: (waiting) => metrics.printJobsWaiting.set(waiting),
        onFailover: ({ jobId, station, from, to, error }) =>
          log.warn(
            { event: 'print_failover', job: jobId, station, from_printer: from, to_printer: to, error },
            'Print job moved to the backup printer',
          ),
        onError: (error) => logTaskFailure('print_worker_failed', 'The print worker could not run a pass', error),
      },
      ...printOptions,
    });

    const stripe = options.stripe ? createStripePayments(options.stripe) : undefined;

    let draining = false;
    const readiness = createReadiness(db, { migrations: await migrationNames(), isStopping: () => draining });
    const app = createProviderApp({
      payments: stripe ?? (options.payments === 'off' ? null : demoPayments),
      stripe,
      db,
      token: options.token ?? 'demo-token',
      orderKeys,
      tableKeys: options.tableKeys ?? 'optional',
      // Tests and the bench place many orders on one table quickly: without a setting, no limit.
      tableOrdersPerMinute: options.tableOrdersPerMinute ?? 0,
      orderChanges: options.orderChanges ?? { perMinute: 0, total: 0 },
      ...(options.maxOrderBytes === undefined ? {} : { maxOrderBytes: options.maxOrderBytes }),
      now: clock,
      staffSecurity: {
        throttle: createDatabaseThrottle(db, throttleLimits(options.signIn)),
        passwords,
        devices: createDeviceCookies(secret),
      },
      clientInfo: { trustProxy: options.trustProxy ?? false },
      staticDir: options.staticDir,
      corsOrigins: options.corsOrigins,
      isDraining: () => draining,
      live,
      summary,
      printing,
      readiness,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
      ...(options.readMetrics ? { readMetrics: options.readMetrics } : {}),
    });
    const host = options.host ?? '127.0.0.1';
    const { server, port } = await listen(app.fetch, options.port ?? 0, host, options.requestTimeoutMs ?? 15_000);
    const shownHost = host.includes(':') ? `[${host}]` : host;
    const running = kitchen;
    const printer = printing;

    let closing: Promise<void> | undefined;
    let closingStep: string | undefined;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      db,
      kitchen: running,
      live: hub,
      printing: printer,
      seeded,
      createdStaff,
      get closingStep() {
        return closingStep;
      },
      close() {
        closing ??= (async () => {
          draining = true;
          // Streams never end by themselves: told to reconnect, their clients move to a process that is staying.
          closingStep = 'closing live streams';
          await hub.close();
          closingStep = 'answering the requests in flight';
          await drainServer(server, options.shutdownGraceMs ?? 10_000, options.shutdownIdleMs ?? 0);
          closingStep = 'stopping the kitchen autopilot';
          await running.stop();
          closingStep = 'stopping the printer queue';
          await printer.stop();
          unwatch();
          closingStep = 'closing the database';
          await db.close();
          closingStep = 'closed';
        })();
        return closing;
      },
    };
  } catch (error) {
    await kitchen?.stop();
    await printing?.stop();
    await live?.close();
    // Nobody saw their passwords: the next start makes and shows new ones.
    await withdrawCreatedAccounts(db, createdStaff).catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
