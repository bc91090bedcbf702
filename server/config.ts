// Reads the provider's settings from environment variables, with the documented defaults.
import type { LevelWithSilent } from 'pino';
import { databaseOnThisMachine } from './db/connection-url';
import type { StorageOptions } from './db/open-database';
import type { MetricsAccess } from './http/ops-routes';
import { readLogLevel, type LogFormat } from './ops/log';
import type { StripeSettings } from './payments/stripe-payments';

export interface ProviderConfig {
  port: number;
  host: string;
  token: string;
  storage: StorageOptions;
  kitchenSeconds: number;
  staticDir: string;
  corsOrigins: string[];
  seedExtraItems: number;
  /** The secret order keys are made from; undefined: made once and kept in the database. */
  secret?: string;
  /** `required` (the production start's default): an order needs its table's printed key. */
  tableKeys: 'optional' | 'required';
  /** New orders per table per minute (with the table's key; as many again without, when keys are optional); 0: no limit. */
  tableOrdersPerMinute: number;
  /** Guests' changes to one order (lines added or removed): per minute, and in all. */
  orderChanges: { perMinute: number; total: number };
  /** How long a request may take to arrive, headers and body (slow senders are cut off with 408). */
  requestTimeoutMs: number;
  /** Live events: seconds between heartbeat comments, and the most streams one process holds. */
  liveHeartbeatSeconds: number;
  liveMaxStreams: number;
  /** The origin printed QR codes open (PROVIDER_PUBLIC_URL), until the manager sets one in Settings. */
  publicUrl?: string;
  /** Staff streams per process, a budget apart from the guests'. */
  liveMaxStaffStreams: number;
  /** Guests' streams one client address may hold per process. */
  liveStreamsPerClient: number;
  /** Events are kept this long for replays after a reconnect, then deleted. */
  liveReplayMinutes: number;
  /** Sign-in: failures before each attempt waits (per account and known device; per client address), the longest wait. */
  signIn: { freeAttempts: number; clientAttempts: number; maxDelaySeconds: number };
  /** Passwords hashed at once (scrypt); more sign-ins wait, and beyond a queue are refused with 503. */
  passwordChecks: number;
  /** PROVIDER_TRUST_PROXY: believe X-Forwarded-For and X-Forwarded-Proto (one reverse proxy in front). */
  trustProxy: boolean;
  /** The manager account made sure of at start (PROVIDER_MANAGER_NAME / PROVIDER_MANAGER_PASSWORD). */
  manager?: { name: string; password: string };
  /** Printed tickets: failed attempts before the backup printer, the longest wait between attempts, expiry. */
  printing: { failoverAfter: number; maxRetrySeconds: number; expireMinutes: number };
  /** PROVIDER_LOG: `json` or `pretty`; unset, each start has its own default (npm start pretty, npm run serve json). */
  logFormat?: LogFormat;
  /** PROVIDER_LOG_LEVEL; unset, each start has its own default (npm start warn, npm run serve info). */
  logLevel?: LevelWithSilent;
  /** Who may read GET /metrics (PROVIDER_METRICS, PROVIDER_METRICS_TOKEN). */
  metrics: MetricsAccess;
  /** Stopping (SIGTERM): how long requests in flight may take to finish (PROVIDER_SHUTDOWN_SECONDS). */
  shutdownGraceMs: number;
  /** Stopping: how long an open connection may take to send its next request before it is closed. */
  shutdownIdleMs: number;
  /** Guests pay through Stripe when its three keys are set; through the demo provider otherwise. */
  stripe?: StripeSettings;
  /**
   * Without Stripe: `demo` (test cards, no real money) or `off` (guests pay at the counter). Unset: the start's own
   * default, `demo` for `npm start`, `off` for `npm run serve` unless it seeds the demo.
   */
  payments?: 'demo' | 'off';
}

type Env = Record<string, string | undefined>;

function numberFrom(env: Env, name: string, fallback: number, { integer = false } = {}): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a ${integer ? 'whole ' : ''}number of 0 or more, not "${raw}"`);
  }
  return value;
}

function paymentsFrom(env: Env): { payments?: 'demo' | 'off' } {
  const raw = env.PROVIDER_PAYMENTS?.trim().toLowerCase();
  if (!raw) return {};
  if (raw !== 'demo' && raw !== 'off') throw new Error(`PROVIDER_PAYMENTS must be demo or off, not "${raw}"`);
  return { payments: raw };
}

/**
 * What `npm run serve` takes without Stripe: test cards would let a guest mark a real bill paid, so a restaurant's
 * own start takes none (guests pay at the counter) unless it runs the demo or PROVIDER_PAYMENTS says otherwise.
 */
export function paymentsWithoutStripe(config: Pick<ProviderConfig, 'payments'>, demo: boolean): 'demo' | 'off' {
  return config.payments ?? (demo ? 'demo' : 'off');
}

function tableKeysFrom(env: Env, fallback: 'optional' | 'required'): 'optional' | 'required' {
  const raw = env.PROVIDER_TABLE_KEYS?.trim().toLowerCase() || fallback;
  if (raw !== 'optional' && raw !== 'required') {
    throw new Error(`PROVIDER_TABLE_KEYS must be optional or required, not "${raw}"`);
  }
  return raw;
}

function logFormatFrom(env: Env): { logFormat?: LogFormat } {
  const raw = env.PROVIDER_LOG?.trim().toLowerCase();
  if (!raw) return {};
  if (raw !== 'json' && raw !== 'pretty') throw new Error(`PROVIDER_LOG must be json or pretty, not "${raw}"`);
  return { logFormat: raw };
}

// Loopback by default: a Prometheus (or an agent) on the same machine reads the figures with nothing to set up, and
// nobody on the restaurant's network can see how busy it is. A token opens them to a scraper elsewhere.
function metricsFrom(env: Env): MetricsAccess {
  const mode = env.PROVIDER_METRICS?.trim().toLowerCase() || 'loopback';
  const token = env.PROVIDER_METRICS_TOKEN?.trim() ?? '';
  if (mode === 'off' || mode === 'loopback') return { mode };
  if (mode !== 'token') throw new Error(`PROVIDER_METRICS must be off, loopback or token, not "${mode}"`);
  if (token.length < 16)
    throw new Error('PROVIDER_METRICS=token needs PROVIDER_METRICS_TOKEN of at least 16 characters');
  return { mode, token };
}

function booleanFrom(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, not "${raw}"`);
}

export interface ConfigDefaults {
  /** `npm start` (the demo, with its table picker) keeps `optional`; `npm run serve` asks for `required`. */
  tableKeys?: 'optional' | 'required';
}

export function readConfig(env: Env = process.env, defaults: ConfigDefaults = {}): ProviderConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  return {
    port: numberFrom(env, 'PORT', 4173, { integer: true }),
    host: env.HOST?.trim() || '127.0.0.1',
    token: env.PROVIDER_TOKEN?.trim() || 'demo-token',
    storage: databaseUrl
      ? {
          kind: 'postgres',
          connectionString: databaseUrl,
          ...(env.PROVIDER_DB_POOL?.trim()
            ? { maxConnections: Math.max(1, numberFrom(env, 'PROVIDER_DB_POOL', 10, { integer: true })) }
            : {}),
        }
      : { kind: 'pglite', dataDir: env.PROVIDER_DATA_DIR?.trim() || '.data/provider' },
    // The timer kitchen is a demo autopilot: off unless asked for, since staff move orders from the console.
    kitchenSeconds: numberFrom(env, 'PROVIDER_KITCHEN_SECONDS', 0),
    staticDir: env.STATIC_DIR?.trim() || 'dist',
    corsOrigins: (env.PROVIDER_CORS_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    seedExtraItems: numberFrom(env, 'PROVIDER_SEED_EXTRA_ITEMS', 0, { integer: true }),
    ...(env.PROVIDER_SECRET?.trim() ? { secret: env.PROVIDER_SECRET.trim() } : {}),
    tableKeys: tableKeysFrom(env, defaults.tableKeys ?? 'optional'),
    tableOrdersPerMinute: numberFrom(env, 'PROVIDER_TABLE_ORDERS_PER_MINUTE', 10, { integer: true }),
    orderChanges: {
      perMinute: numberFrom(env, 'PROVIDER_ORDER_CHANGES_PER_MINUTE', 20, { integer: true }),
      total: numberFrom(env, 'PROVIDER_ORDER_CHANGES_MAX', 100, { integer: true }),
    },
    requestTimeoutMs: numberFrom(env, 'PROVIDER_REQUEST_TIMEOUT_SECONDS', 15) * 1000,
    liveHeartbeatSeconds: numberFrom(env, 'PROVIDER_LIVE_HEARTBEAT_SECONDS', 15),
    liveMaxStreams: numberFrom(env, 'PROVIDER_LIVE_MAX_STREAMS', 10_000, { integer: true }),
    ...publicUrlFrom(env),
    liveMaxStaffStreams: numberFrom(env, 'PROVIDER_LIVE_MAX_STAFF_STREAMS', 500, { integer: true }),
    liveStreamsPerClient: numberFrom(env, 'PROVIDER_LIVE_STREAMS_PER_CLIENT', 2_000, { integer: true }),
    liveReplayMinutes: numberFrom(env, 'PROVIDER_LIVE_REPLAY_MINUTES', 60),
    signIn: {
      freeAttempts: numberFrom(env, 'PROVIDER_SIGN_IN_ATTEMPTS', 5, { integer: true }),
      clientAttempts: numberFrom(env, 'PROVIDER_SIGN_IN_CLIENT_ATTEMPTS', 30, { integer: true }),
      maxDelaySeconds: numberFrom(env, 'PROVIDER_SIGN_IN_MAX_DELAY_SECONDS', 900),
    },
    passwordChecks: Math.max(1, numberFrom(env, 'PROVIDER_PASSWORD_CHECKS', 2, { integer: true })),
    trustProxy: booleanFrom(env, 'PROVIDER_TRUST_PROXY', false),
    ...managerFrom(env),
    printing: {
      failoverAfter: Math.max(1, numberFrom(env, 'PROVIDER_PRINT_FAILOVER_AFTER', 3, { integer: true })),
      maxRetrySeconds: Math.max(1, numberFrom(env, 'PROVIDER_PRINT_RETRY_MAX_SECONDS', 30)),
      expireMinutes: Math.max(1, numberFrom(env, 'PROVIDER_PRINT_EXPIRE_MINUTES', 60)),
    },
    ...logFormatFrom(env),
    ...(env.PROVIDER_LOG_LEVEL?.trim() ? { logLevel: readLogLevel(env.PROVIDER_LOG_LEVEL) } : {}),
    metrics: metricsFrom(env),
    shutdownGraceMs: numberFrom(env, 'PROVIDER_SHUTDOWN_SECONDS', 10) * 1000,
    // Long enough for a request already on its way to arrive; short enough not to hold a restart.
    shutdownIdleMs: 500,
    ...stripeFrom(env),
    ...paymentsFrom(env),
  };
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;

/** All three or none: a half-configured Stripe would take payments it can never confirm. */
function stripeFrom(env: Env): { stripe?: StripeSettings } {
  const [secretKey, webhookSecret, publishableKey] = STRIPE_KEYS.map((name) => env[name]?.trim() ?? '');
  const set = [secretKey, webhookSecret, publishableKey].filter(Boolean).length;
  if (set === 0) return {};
  if (!secretKey || !webhookSecret || !publishableKey) {
    const missing = STRIPE_KEYS.filter((name) => !env[name]?.trim());
    throw new Error(`Stripe needs ${STRIPE_KEYS.join(', ')}; ${missing.join(' and ')} not set`);
  }
  if (!/^(sk|rk)_/.test(secretKey)) throw new Error('STRIPE_SECRET_KEY must be a secret key (sk_test_… or sk_live_…)');
  if (!publishableKey.startsWith('pk_')) {
    throw new Error('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_… or pk_live_…)');
  }
  if (!webhookSecret.startsWith('whsec_')) throw new Error('STRIPE_WEBHOOK_SECRET must be a signing secret (whsec_…)');
  return { stripe: { secretKey, webhookSecret, publishableKey } };
}

function publicUrlFrom(env: Env): { publicUrl?: string } {
  const raw = env.PROVIDER_PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (!raw) return {};
  if (!/^https?:\/\/[^/?#\s]+$/.test(raw)) {
    throw new Error(`PROVIDER_PUBLIC_URL must be an origin such as https://order.example.com, not "${raw}"`);
  }
  return { publicUrl: raw };
}

function managerFrom(env: Env): { manager?: { name: string; password: string } } {
  const password = env.PROVIDER_MANAGER_PASSWORD;
  if (password === undefined || password === '') return {};
  if (password.length < 10) throw new Error('PROVIDER_MANAGER_PASSWORD must be at least 10 characters');
  return { manager: { name: env.PROVIDER_MANAGER_NAME?.trim() || 'manager', password } };
}

/**
 * One process per core, less one for a PostgreSQL server on this machine: it does most of each order's work, and a
 * provider process on every core takes that core from it (on two cores, one process places about 80 % of pgbench's
 * rate and two about 73 %: bench/README.md).
 */
export function defaultWorkers(config: ProviderConfig, cores: number): number {
  return Math.max(1, localPostgres(config) ? cores - 1 : cores);
}

const localPostgres = (config: ProviderConfig) =>
  config.storage.kind === 'postgres' && databaseOnThisMachine(config.storage.connectionString);

/** How a provider process collects its garbage: V8's helper threads (`parallel`) or its own thread alone. */
export type GcThreads = 'single' | 'parallel';

/**
 * On its own thread beside a PostgreSQL on this machine: each process is given a core of its own, and V8's helper
 * threads would take theirs from the database or from the process itself (under load, p99 at 50 connections was
 * about 9 ms lower on one thread in the median of 25 alternated pairs: bench/README.md). Elsewhere V8's default.
 */
export function defaultGcThreads(config: ProviderConfig): GcThreads {
  return localPostgres(config) ? 'single' : 'parallel';
}
