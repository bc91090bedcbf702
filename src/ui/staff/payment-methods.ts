// How the console names a way of paying (the contract's codes: cash, card, other, demo, stripe), on the bill and the Day screen.
import type { PaymentRecord } from '../../../contract/tables';

export const PAYMENT_METHOD_NAMES: Record<PaymentRecord['method'], string> = {
  cash: 'Cash',
  card: 'Card at the counter',
  other: 'Other',
  demo: 'Guest’s phone (demo)',
  stripe: 'Guest’s phone (Stripe)',
};

/** A method a newer provider adds reads as its code, capitalised, until the console knows its name. */
export const paymentMethodName = (method: string): string =>
  (PAYMENT_METHOD_NAMES as Record<string, string | undefined>)[method] ??
  method.charAt(0).toUpperCase() + method.slice(1);
