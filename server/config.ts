// Reads the provider's settings from environment variables, with the documented defaults.
import type { StorageOptions } from './db/open-database';

export interface ProviderConfig {
  port: number;
  host: string;
  token: string;
  storage: StorageOptions;
  kitchenSeconds: number;
  staticDir: string;
  corsOrigins: string[];
  seedExtraItems: number;
  /** The manager account made sure of at start (PROVIDER_MANAGER_NAME / PROVIDER_MANAGER_PASSWORD). */
  manager?: { name: string; password: string };
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

export function readConfig(env: Env = process.env): ProviderConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  return {
    port: numberFrom(env, 'PORT', 4173, { integer: true }),
    host: env.HOST?.trim() || '127.0.0.1',
    token: env.PROVIDER_TOKEN?.trim() || 'demo-token',
    storage: databaseUrl
      ? { kind: 'postgres', connectionString: databaseUrl }
      : { kind: 'pglite', dataDir: env.PROVIDER_DATA_DIR?.trim() || '.data/provider' },
    // The timer kitchen is a demo autopilot: off unless asked for, since staff move orders from the console.
    kitchenSeconds: numberFrom(env, 'PROVIDER_KITCHEN_SECONDS', 0),
    staticDir: env.STATIC_DIR?.trim() || 'dist',
    corsOrigins: (env.PROVIDER_CORS_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    seedExtraItems: numberFrom(env, 'PROVIDER_SEED_EXTRA_ITEMS', 0, { integer: true }),
    ...managerFrom(env),
  };
}

function managerFrom(env: Env): { manager?: { name: string; password: string } } {
  const password = env.PROVIDER_MANAGER_PASSWORD;
  if (password === undefined || password === '') return {};
  if (password.length < 10) throw new Error('PROVIDER_MANAGER_PASSWORD must be at least 10 characters');
  return { manager: { name: env.PROVIDER_MANAGER_NAME?.trim() || 'manager', password } };
}
