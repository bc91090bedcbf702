// Money in whole cents, so that sums of prices never drift.

export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

/** Rounds away float noise (0.1 + 0.2) that would show as a wrong cent, without losing sub-cent prices a list may hold. */
export const withoutFloatNoise = (amount: number) => Math.round(amount * 1e6) / 1e6;
