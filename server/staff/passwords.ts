// Staff passwords as scrypt hashes (node:crypto) with a random salt per account; verification in constant time.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

// OWASP's scrypt floor (N=2^15 needs 32 MiB per hash); a few tens of milliseconds each on this machine.
export const PASSWORD_COST: ScryptCost = { N: 32_768, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Checked against when the name is unknown, so an unknown name takes as long as a wrong password.
const decoys = new Map<number, Promise<string>>();
export function decoyHash(cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const key = cost.N * 1_000 + cost.r * 10 + cost.p;
  let decoy = decoys.get(key);
  if (!decoy) decoys.set(key, (decoy = hashPassword(randomBytes(12).toString('base64url'), cost)));
  return decoy;
}

/** A random password for demo accounts: 18 characters of base64url, about 108 bits. */
export const randomPassword = () => randomBytes(14).toString('base64url').slice(0, 18);
