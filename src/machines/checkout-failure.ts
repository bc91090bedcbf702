// Why placing an order failed, sorted into the few cases a guest needs told apart, and whether the attempt may be resent.
import { ApiError, errorWording, referenceOf, type ErrorWording } from '../api/errors';
import { isRefusal } from './keyed-send';
import { LINE_PATH, rejectedLines } from './order-payload';

/**
 * offline: the provider could not be reached; timeout: it took too long; refused: it answered no (4xx) with its reason;
 * provider: it failed (5xx); unreadable: its answer made no sense; unknown: anything else.
 */
export type CheckoutFailureKind = 'offline' | 'timeout' | 'refused' | 'provider' | 'unreadable' | 'unknown';

export interface CheckoutFailure {
  kind: CheckoutFailureKind;
  /** Which of the app's own explanations applies (the ui has the words); null for a refusal that explains itself. */
  wording: ErrorWording | null;
  /** The provider's own message: what a refusal without a wording says. */
  message: string;
  /** Cart line key → the provider's reason, for the lines it named (`items.2.menu_id: "sold out"`). */
  rejected: Record<string, string>;
  /** Every field the refusal named is a line's: nothing else (the table, say) needs the provider's own words. */
  onlyLines?: boolean;
  /** The provider's id for a failure on its side, for the guest to quote when asking for help. */
  reference?: string;
}

export function describeCheckoutFailure(error: unknown, lineKeys: readonly string[]): CheckoutFailure {
  const wording = errorWording(error);
  if (!(error instanceof ApiError)) return { kind: 'unknown', wording, message: '', rejected: {} };
  const { message } = error;
  switch (error.kind) {
    case 'fetch':
      return { kind: 'offline', wording, message, rejected: {} };
    case 'timeout':
      return { kind: 'timeout', wording, message, rejected: {} };
    case 'parsing':
      return { kind: 'unreadable', wording, message, rejected: {} };
    case 'http':
      return isRefusal(error)
        ? {
            kind: 'refused',
            wording,
            message,
            rejected: rejectedLines(error.fields, lineKeys),
            onlyLines: Object.keys(error.fields).every((path) => LINE_PATH.test(path)),
          }
        : { kind: 'provider', wording, message, rejected: {}, ...withReference(error) };
  }
}

function withReference(error: unknown): { reference?: string } {
  const reference = referenceOf(error);
  return reference === undefined ? {} : { reference };
}
