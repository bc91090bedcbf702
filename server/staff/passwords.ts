// Staff passwords as scrypt hashes (node:crypto) with a random salt per account, verified in constant time, with a bound
// on how many are worked out at once.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ProviderError } from '../api/provider-error';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

// OWASP's scrypt floor (N=2^15 needs 32 MiB per hash); a few tens of milliseconds each on this machine.
export const DEFAULT_COST: ScryptCost = { N: 32_768, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

export interface PasswordOptions {
  /** Hashes are made with this cost (each keeps its own, so it can be raised later); tests use a small one. */
  cost?: ScryptCost;
  /** Hashes worked out at once. scrypt runs on libuv's 4 threads, which also read files and compress answers. */
  concurrency?: number;
  /** Sign-ins waiting for a turn; beyond it they are refused at once (503) rather than queued for minutes. */
  maxWaiting?: number;
}

export interface Passwords {
  hash(password: string): Promise<string>;
  /** True when `password` matches `stored`; with no stored hash (unknown name) it takes as long and is false. */
  verify(password: string, stored: string | undefined): Promise<boolean>;
}

export const busyCheckingPasswords = () =>
  new ProviderError(503, 'Too many sign-ins are being checked right now. Please try again in a moment.', undefined, {
    retryAfterSeconds: 1,
  });

/** At most `concurrency` tasks run at once, at most `maxWaiting` wait; the rest are refused straight away. */
export function createWorkLimit(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw busyCheckingPasswords();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        // The turn passes straight to the next in line, so `running` never drops and rises again in between.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function hashWith(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function verifyWith(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function createPasswords({
  cost = DEFAULT_COST,
  concurrency = 2,
  maxWaiting = 32,
}: PasswordOptions = {}): Passwords {
  const limit = createWorkLimit(Math.max(1, concurrency), Math.max(0, maxWaiting));
  // Checked against when the name is unknown, so an unknown name takes as long as a wrong password.
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => limit.run(() => hashWith(password, cost)),
    async verify(password, stored) {
      decoy ??= hashWith(randomBytes(12).toString('base64url'), cost);
      const against = stored ?? (await decoy);
      const matches = await limit.run(() => verifyWith(password, against));
      return stored !== undefined && matches;
    },
  };
}

/** A random password for demo accounts: 18 characters of base64url, about 108 bits. */
export const randomPassword = () => randomBytes(14).toString('base64url').slice(0, 18);
