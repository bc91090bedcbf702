// Money in whole cents, so that sums of prices never drift.

export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

/** Rounds away float noise (0.1 + 0.2) that would show as a wrong cent, without losing sub-cent prices a list may hold. */
export const withoutFloatNoise = (amount: number) => Math.round(amount * 1e6) / 1e6;

/**
 * Money as people read it, with its currency written the locale's way ("$12.50" in en-US, "12,50 €" in es-ES): the
 * app's screens and the provider's messages alike.
 */
export const currencyFormat = (locale: string, currency: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency });
