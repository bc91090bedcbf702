// What went wrong with the last attempt to place the order, in plain words, and the way to try again.
import type { CheckoutFailure, CheckoutFailureKind } from '../../machines/checkout-failure';

const TITLES: Record<CheckoutFailureKind, string> = {
  offline: 'We couldn’t reach the restaurant',
  timeout: 'The restaurant took too long to answer',
  refused: 'The restaurant couldn’t take this order',
  provider: 'The restaurant’s ordering system had a problem',
  unreadable: 'We couldn’t read the restaurant’s answer',
  unknown: 'Something went wrong',
};

function explanation(failure: CheckoutFailure): string {
  switch (failure.kind) {
    case 'offline':
      return 'Your device seems to be offline, or the restaurant’s system is down. Check the connection, then try again.';
    case 'timeout':
      return 'The connection may be slow, or the restaurant busy.';
    case 'unreadable':
      return 'Its answer was cut short or garbled.';
    case 'provider':
      return 'Please retry in a moment.';
    default:
      return failure.message;
  }
}

function reassurance(failure: CheckoutFailure, uncertain: boolean): string {
  // The cart is locked until Retry tells: a changed order would need a new key, and could then be placed twice.
  if (uncertain) {
    return 'Your cart is kept as it was. We can’t tell yet whether your order reached the kitchen. Retry to find out; it will never be placed twice. You can change your order after that.';
  }
  if (failure.kind === 'refused' && Object.keys(failure.rejected).length > 0) {
    return 'The lines it could not take are marked. Your cart is kept as it was: remove them (or change the order), then place it again.';
  }
  return 'Your cart is kept as it was.';
}

interface CheckoutErrorProps {
  failure: CheckoutFailure;
  /** The order may have gone through (anything but a refusal): the cart stays locked until Retry finds out. */
  uncertain: boolean;
  onRetry: () => void;
  /** The refusal named lines of the cart: offered instead of Retry, which would only send them again. */
  onRemoveRefused?: () => void;
}

export function CheckoutError({ failure, uncertain, onRetry, onRemoveRefused }: CheckoutErrorProps) {
  return (
    <div
      className="checkout-error"
      role="alert"
      data-testid="order-error"
      data-kind={failure.kind}
      data-uncertain={uncertain}
    >
      <p className="checkout-error__title">{TITLES[failure.kind]}</p>
      <p className="checkout-error__reason">{explanation(failure)}</p>
      <p className="checkout-error__reassure">{reassurance(failure, uncertain)}</p>
      {onRemoveRefused ? (
        <button type="button" className="button button--secondary checkout-error__retry" onClick={onRemoveRefused}>
          Remove what wasn’t accepted
        </button>
      ) : (
        <button type="button" className="button button--secondary checkout-error__retry" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
