// Why placing an order failed, sorted into the few cases a guest needs told apart, and whether the attempt may be resent.
import { ApiError, describeApiError, referenceOf } from '../api/errors';
import { rejectedLines } from './order-payload';

/**
 * offline: the provider could not be reached; timeout: it took too long; refused: it answered no (4xx) with its reason;
 * provider: it failed (5xx); unreadable: its answer made no sense; unknown: anything else.
 */
export type CheckoutFailureKind = 'offline' | 'timeout' | 'refused' | 'provider' | 'unreadable' | 'unknown';

export interface CheckoutFailure {
  kind: CheckoutFailureKind;
  /** In plain words; for a refusal, the provider's own message. */
  message: string;
  /** Cart line key → the provider's reason, for the lines it named (`items.2.menu_id: "sold out"`). */
  rejected: Record<string, string>;
  /** The provider's id for a failure on its side, for the guest to quote when asking for help. */
  reference?: string;
}

/** A definite no: the provider looked at the order and will not take it as sent, so it was not placed. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && !error.isTransient;
}

export function describeCheckoutFailure(error: unknown, lineKeys: readonly string[]): CheckoutFailure {
  const message = describeApiError(error);
  if (!(error instanceof ApiError)) return { kind: 'unknown', message, rejected: {} };
  switch (error.kind) {
    case 'fetch':
      return { kind: 'offline', message, rejected: {} };
    case 'timeout':
      return { kind: 'timeout', message, rejected: {} };
    case 'parsing':
      return { kind: 'unreadable', message, rejected: {} };
    case 'http':
      return isRefusal(error)
        ? { kind: 'refused', message, rejected: rejectedLines(error.fields, lineKeys) }
        : { kind: 'provider', message, rejected: {}, ...withReference(error) };
  }
}

function withReference(error: unknown): { reference?: string } {
  const reference = referenceOf(error);
  return reference === undefined ? {} : { reference };
}
