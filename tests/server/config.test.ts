// Environment variables map onto the provider's settings, with the documented defaults.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';

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
      requestTimeoutMs: 15_000,
      liveHeartbeatSeconds: 15,
      liveMaxStreams: 10_000,
      metrics: { mode: 'loopback' },
      shutdownGraceMs: 10_000,
      shutdownIdleMs: 500,
    });
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
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(name);
  });
});
