// Money and other display formats, in the restaurant's locale and currency (VITE_LOCALE, VITE_CURRENCY).

export const LOCALE = import.meta.env.VITE_LOCALE || 'en-US';
export const CURRENCY = import.meta.env.VITE_CURRENCY || 'USD';

let moneyFormat: Intl.NumberFormat | undefined;

export function formatMoney(amount: number): string {
  moneyFormat ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
  return moneyFormat.format(amount);
}
