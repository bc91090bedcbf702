// Says, in plain words, when the device would not keep the guest's cart; the cart machine records why.
import { CartMachineContext, selectCartProblem } from '../../machines/cart.context';
import { CartProblemPiece } from './frame-notice-pieces';

export function CartProblem() {
  const problem = CartMachineContext.useSelector(selectCartProblem);
  return problem === null ? null : <CartProblemPiece problem={problem} />;
}
