// What went wrong with the last attempt to place the order, in plain words, and whether the cart is kept.
import type { CheckoutFailure, CheckoutFailureKind } from '../../machines/checkout-failure';
import { ErrorReference } from '../feedback/error-reference';
import { errorText } from '../feedback/error-text';
import { t, type MessageId } from '../i18n/i18n';
import { allWorded, lineRefusalText } from '../feedback/line-refusal-text';

const TITLES: Record<CheckoutFailureKind, MessageId> = {
  offline: 'failure.offline',
  timeout: 'failure.timeout',
  refused: 'failure.refused',
  provider: 'failure.provider',
  unreadable: 'failure.unreadable',
  unknown: 'failure.unknown',
};

/** A refused line: the dish's name as the cart shows it, and the provider's reason. */
export interface RefusedLine {
  name: string;
  reason: string;
}

function explanation(failure: CheckoutFailure, refused: readonly RefusedLine[]): string {
  switch (failure.kind) {
    case 'offline':
      return t('failure.offlineWhy');
    case 'timeout':
      return t('failure.timeoutWhy');
    case 'unreadable':
      return t('failure.unreadableWhy');
    case 'provider':
      return t('failure.providerWhy');
    default:
      if (failure.wording !== null) return errorText(failure.wording);
      // Refused for its lines alone, each for a reason the app has words for: said in the guest's language, with the
      // dishes' names as the cart shows them, instead of the provider's sentence (in its own language).
      return failure.onlyLines && allWorded(refused.map((line) => line.reason))
        ? refused
            .map((line) => t('failure.lineWhy', { dish: line.name, reason: lineRefusalText(line.reason) }))
            .join(' ')
        : failure.message;
  }
}

function reassurance(failure: CheckoutFailure, uncertain: boolean): string {
  // The cart is locked until Retry tells: a changed order would need a new key, and could then be placed twice.
  if (uncertain) {
    return t('failure.uncertain');
  }
  if (failure.kind === 'refused' && Object.keys(failure.rejected).length > 0) {
    return t('failure.linesMarked');
  }
  return t('failure.kept');
}

interface CheckoutErrorProps {
  failure: CheckoutFailure;
  /** The order may have gone through (anything but a refusal): the cart stays locked until Retry finds out. */
  uncertain: boolean;
  /** The refusal named lines of the cart: taking them out is the one way on (Place order waits meanwhile). */
  onRemoveRefused?: () => void;
  /** The lines the refusal named, in the cart's order. */
  refused?: readonly RefusedLine[];
}

/** The failure, told once; Retry and Place order are the panel's own button, so its only action is removing refused lines. */
export function CheckoutError({ failure, uncertain, onRemoveRefused, refused = [] }: CheckoutErrorProps) {
  return (
    <div
      className="checkout-error"
      role="alert"
      data-testid="order-error"
      data-kind={failure.kind}
      data-uncertain={uncertain}
    >
      <p className="checkout-error__title">{t(TITLES[failure.kind])}</p>
      <p className="checkout-error__reason">{explanation(failure, refused)}</p>
      <p className="checkout-error__reassure">{reassurance(failure, uncertain)}</p>
      <ErrorReference id={failure.reference} />
      {onRemoveRefused && (
        <button type="button" className="button button--secondary checkout-error__action" onClick={onRemoveRefused}>
          {t('failure.removeRefused')}
        </button>
      )}
    </div>
  );
}
