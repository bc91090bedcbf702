// Says, in plain words, when the device would not keep the guest's cart; the cart machine records why.
import { CartMachineContext, selectCartProblem } from '../../machines/cart.context';
import type { StorageProblem } from '../../device/device-store';
import { t, type MessageId } from '../i18n/i18n';

const MESSAGES: Record<StorageProblem, MessageId> = {
  'storage-full': 'cartProblem.full',
  'storage-unavailable': 'cartProblem.unavailable',
  'unreadable-replaced': 'cartProblem.replaced',
};

export function CartProblem() {
  const problem = CartMachineContext.useSelector(selectCartProblem);
  if (problem === null) return null;
  return (
    <p className="cart-problem" role="alert" data-testid="cart-problem">
      {t(MESSAGES[problem])}
    </p>
  );
}
