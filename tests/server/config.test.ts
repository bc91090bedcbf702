// Environment variables map onto the provider's settings, with the documented defaults.
import { describe, expect, it } from 'vitest';
import { defaultGcThreads, defaultWorkers, paymentsWithoutStripe, readConfig } from '../../server/config';

describe('readConfig', () => {
  it('uses the documented defaults', () => {
    expect(readConfig({})).toEqual({
      port: 4173,
      host: '127.0.0.1',
      token: 'demo-token',
      storage: { kind: 'pglite', dataDir: '.data/provider' },
      kitchenSeconds: 0,
      staticDir: 'dist',
      corsOrigins: [],
      seedExtraItems: 0,
      tableKeys: 'optional',
      tableOrdersPerMinute: 10,
      orderChanges: { perMinute: 20, total: 100 },
      requestTimeoutMs: 15_000,
      liveHeartbeatSeconds: 15,
      liveMaxStreams: 10_000,
      metrics: { mode: 'loopback' },
      shutdownGraceMs: 10_000,
      shutdownIdleMs: 500,
      liveMaxStaffStreams: 500,
      liveStreamsPerClient: 2_000,
      liveReplayMinutes: 60,
      signIn: { freeAttempts: 5, clientAttempts: 30, maxDelaySeconds: 900 },
      passwordChecks: 2,
      trustProxy: false,
      printing: { failoverAfter: 3, maxRetrySeconds: 30, expireMinutes: 60 },
    });
  });

  it('asks for table keys by default where the start says so (npm run serve), unless told otherwise', () => {
    expect(readConfig({}, { tableKeys: 'required' }).tableKeys).toBe('required');
    expect(readConfig({ PROVIDER_TABLE_KEYS: 'optional' }, { tableKeys: 'required' }).tableKeys).toBe('optional');
    expect(readConfig({}).tableKeys).toBe('optional');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['', false],
  ])('reads PROVIDER_TRUST_PROXY=%s as %s', (value, trusted) => {
    expect(readConfig({ PROVIDER_TRUST_PROXY: value }).trustProxy).toBe(trusted);
  });

  it('reads every variable', () => {
    expect(
      readConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        PROVIDER_TOKEN: 'secret',
        DATABASE_URL: 'postgres://u:p@db:5432/app',
        PROVIDER_DATA_DIR: '/ignored/with/database/url',
        PROVIDER_KITCHEN_SECONDS: '0.5',
        STATIC_DIR: 'build',
        PROVIDER_CORS_ORIGIN: 'https://a.example, https://b.example',
        PROVIDER_SEED_EXTRA_ITEMS: '2000',
        PROVIDER_SECRET: 'a-secret-of-at-least-128-bits',
        PROVIDER_TABLE_KEYS: 'required',
        PROVIDER_TABLE_ORDERS_PER_MINUTE: '4',
        PROVIDER_REQUEST_TIMEOUT_SECONDS: '5',
        PROVIDER_LIVE_HEARTBEAT_SECONDS: '0.2',
        PROVIDER_LIVE_MAX_STREAMS: '50',
        PROVIDER_MANAGER_PASSWORD: 'a long secret',
        PROVIDER_MANAGER_NAME: 'ada',
        PROVIDER_LOG: 'json',
        PROVIDER_LOG_LEVEL: 'debug',
        PROVIDER_METRICS: 'token',
        PROVIDER_METRICS_TOKEN: 'scraper-token-0123456789',
        PROVIDER_SHUTDOWN_SECONDS: '3',
        PROVIDER_ORDER_CHANGES_PER_MINUTE: '5',
        PROVIDER_ORDER_CHANGES_MAX: '40',
        PROVIDER_LIVE_MAX_STAFF_STREAMS: '20',
        PROVIDER_LIVE_STREAMS_PER_CLIENT: '300',
        PROVIDER_LIVE_REPLAY_MINUTES: '15',
        PROVIDER_SIGN_IN_ATTEMPTS: '3',
        PROVIDER_SIGN_IN_CLIENT_ATTEMPTS: '100',
        PROVIDER_SIGN_IN_MAX_DELAY_SECONDS: '60',
        PROVIDER_PASSWORD_CHECKS: '4',
        PROVIDER_TRUST_PROXY: 'true',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      token: 'secret',
      storage: { kind: 'postgres', connectionString: 'postgres://u:p@db:5432/app' },
      kitchenSeconds: 0.5,
      staticDir: 'build',
      corsOrigins: ['https://a.example', 'https://b.example'],
      seedExtraItems: 2000,
      secret: 'a-secret-of-at-least-128-bits',
      tableKeys: 'required',
      tableOrdersPerMinute: 4,
      requestTimeoutMs: 5000,
      liveHeartbeatSeconds: 0.2,
      liveMaxStreams: 50,
      manager: { name: 'ada', password: 'a long secret' },
      logFormat: 'json',
      logLevel: 'debug',
      metrics: { mode: 'token', token: 'scraper-token-0123456789' },
      shutdownGraceMs: 3000,
      shutdownIdleMs: 500,
      orderChanges: { perMinute: 5, total: 40 },
      liveMaxStaffStreams: 20,
      liveStreamsPerClient: 300,
      liveReplayMinutes: 15,
      signIn: { freeAttempts: 3, clientAttempts: 100, maxDelaySeconds: 60 },
      passwordChecks: 4,
      trustProxy: true,
      printing: { failoverAfter: 3, maxRetrySeconds: 30, expireMinutes: 60 },
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '80.5'],
    ['PROVIDER_KITCHEN_SECONDS', '-1'],
    ['PROVIDER_SEED_EXTRA_ITEMS', '1e400'],
    ['PROVIDER_TABLE_KEYS', 'sometimes'],
    ['PROVIDER_TABLE_ORDERS_PER_MINUTE', '2.5'],
    ['PROVIDER_LIVE_MAX_STREAMS', '1.5'],
    ['PROVIDER_MANAGER_PASSWORD', 'short'],
    ['PROVIDER_LOG', 'xml'],
    ['PROVIDER_LOG_LEVEL', 'loud'],
    ['PROVIDER_METRICS', 'public'],
    ['PROVIDER_METRICS', 'token'],
    ['PROVIDER_SHUTDOWN_SECONDS', 'soon'],
    ['PROVIDER_TRUST_PROXY', 'maybe'],
    ['PROVIDER_ORDER_CHANGES_MAX', '-3'],
    ['PROVIDER_SIGN_IN_ATTEMPTS', '2.5'],
    ['PROVIDER_LIVE_STREAMS_PER_CLIENT', 'many'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(name);
  });

  it('takes Stripe with all three keys or none, and payments demo or off', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_456',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_789',
    };
    expect(readConfig(stripe).stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_456',
      publishableKey: 'pk_test_789',
    });
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY not set/,
    );
    expect(() => readConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_123' })).toThrow(/must be a secret key/);
    expect(() => readConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/signing secret/);

    expect(readConfig({ PROVIDER_PAYMENTS: 'off' }).payments).toBe('off');
    expect(readConfig({ PROVIDER_PAYMENTS: ' Demo ' }).payments).toBe('demo');
    expect(() => readConfig({ PROVIDER_PAYMENTS: 'cash' })).toThrow(/PROVIDER_PAYMENTS must be demo or off/);
    // npm run serve: no test cards for a restaurant's own start, unless it runs the demo or is told.
    expect(paymentsWithoutStripe(readConfig({}), false)).toBe('off');
    expect(paymentsWithoutStripe(readConfig({}), true)).toBe('demo');
    expect(paymentsWithoutStripe(readConfig({ PROVIDER_PAYMENTS: 'demo' }), false)).toBe('demo');
    expect(paymentsWithoutStripe(readConfig({ PROVIDER_PAYMENTS: 'off' }), true)).toBe('off');
  });
});

describe('defaultWorkers (npm run serve without PROVIDER_WORKERS)', () => {
  const on = (env: Record<string, string>) => readConfig(env);
  it('leaves one core to a PostgreSQL on this machine, and takes every core for one elsewhere or for PGlite', () => {
    for (const url of [
      'postgres://app@127.0.0.1:5432/amber',
      'postgres://app@localhost/amber',
      'postgres://app@[::1]:5432/amber',
      'postgres:///amber',
      'postgres://app@/amber?host=%2Fvar%2Frun%2Fpostgresql',
    ]) {
      expect(defaultWorkers(on({ DATABASE_URL: url }), 4), url).toBe(3);
      expect(defaultWorkers(on({ DATABASE_URL: url }), 1), url).toBe(1);
    }
    expect(defaultWorkers(on({ DATABASE_URL: 'postgres://app@db.internal:5432/amber' }), 4)).toBe(4);
    expect(defaultWorkers(on({}), 4)).toBe(4);
  });
});

describe('defaultGcThreads (npm run serve without PROVIDER_GC)', () => {
  it("collects garbage on one thread beside a PostgreSQL on this machine, and with V8's helpers otherwise", () => {
    expect(defaultGcThreads(readConfig({ DATABASE_URL: 'postgres://app@127.0.0.1:5432/amber' }))).toBe('single');
    expect(defaultGcThreads(readConfig({ DATABASE_URL: 'postgres://app@/amber?host=%2Fvar%2Frun%2Fpostgresql' }))).toBe(
      'single',
    );
    expect(defaultGcThreads(readConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/amber' }))).toBe('parallel');
    // PGlite is in the provider's own process.
    expect(defaultGcThreads(readConfig({}))).toBe('parallel');
  });
});
