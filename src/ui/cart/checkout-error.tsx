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
      return 'Your order may or may not have reached the kitchen. Retry checks: the restaurant sees it is the same order.';
    case 'unreadable':
      return 'Your order may have gone through. Retry checks: the restaurant sees it is the same order.';
    case 'provider':
      return 'Your order may not have been taken. Please retry in a moment.';
    default:
      return failure.message;
  }
}

export function CheckoutError({ failure, onRetry }: { failure: CheckoutFailure; onRetry: () => void }) {
  const refused = failure.kind === 'refused';
  const marked = Object.keys(failure.rejected).length > 0;
  return (
    <div className="checkout-error" role="alert" data-testid="order-error" data-kind={failure.kind}>
      <p className="checkout-error__title">{TITLES[failure.kind]}</p>
      <p className="checkout-error__reason">{explanation(failure)}</p>
      <p className="checkout-error__reassure">
        {refused
          ? marked
            ? 'The lines it could not take are marked. Your cart is kept as it was: change it, then place the order again.'
            : 'Your cart is kept as it was.'
          : 'Your cart is kept as it was, and retrying never places the order twice.'}
      </p>
      <button type="button" className="button button--secondary checkout-error__retry" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
