// Order ids: 8 characters of Crockford base32, short enough to read aloud, random enough not to guess.

// Crockford's alphabet leaves out I, L, O and U, so an id can be read back without confusing 1/I/L or 0/O.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_ID_LENGTH = 8;

/** 40 random bits: guessing an existing order is hopeless at restaurant volumes. */
export function newOrderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ORDER_ID_LENGTH));
  // 256 is a multiple of 32, so taking the low five bits keeps every character equally likely.
  return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
}

/** Reads an id the way a person may type it: any case, and the look-alikes Crockford maps (I, L → 1; O → 0). */
export function normalizeOrderId(value: string): string {
  return value.trim().toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
}
