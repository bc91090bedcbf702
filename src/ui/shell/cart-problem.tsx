// Says, in plain words, when the device would not keep the guest's cart; the cart machine records why.
import { CartMachineContext, selectCartProblem } from '../../machines/cart.context';
import type { StorageProblem } from '../../device/device-store';

const MESSAGES: Record<StorageProblem, string> = {
  'storage-full':
    'This device’s storage is full, so your last change to the cart wasn’t saved. Remove something from the cart, or ask a member of staff.',
  'storage-unavailable':
    'This device won’t let the app save your cart (private browsing can do that), so your last change wasn’t saved. Please ask a member of staff.',
  'unreadable-replaced':
    'The cart saved on this device couldn’t be read, so a new one was started. The old one is kept on the device for staff.',
};

export function CartProblem() {
  const problem = CartMachineContext.useSelector(selectCartProblem);
  if (problem === null) return null;
  return (
    <p className="cart-problem" role="alert" data-testid="cart-problem">
      {MESSAGES[problem]}
    </p>
  );
}
