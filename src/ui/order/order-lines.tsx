// The lines of a placed order; while the kitchen has not started, a line can be removed after a confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { removeMenu } from '../../api/calls';
import { describeApiError } from '../../api/errors';
import { queryKeys } from '../../api/queries';
import type { Order, OrderLine } from '../../api/schemas';
import { Dialog } from '../dialog';
import { useAnnounce } from '../feedback/live-announcer';
import { formatMoney } from '../format';

export function OrderLines({ order, orderID }: { order: Order; orderID: string }) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<OrderLine | null>(null);

  const remove = useMutation({
    mutationFn: (line: OrderLine) => removeMenu({ orderID: order.orderID, line_id: line.line_id }),
    onSuccess: (updated, line) => {
      queryClient.setQueryData(queryKeys.order(orderID), updated);
      announce(`Removed ${line.name} from your order`);
      // The line and its button are gone; the list's heading keeps the reader in place.
      heading.current?.focus();
    },
    // The order may have moved on (409): show its status now, next to the reason.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderID) }),
  });

  // The provider keeps at least one line per order, so the last one is not offered for removal.
  const removable = order.status === 'received' && order.items.length > 1;

  return (
    <section className="order-lines" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" ref={heading} className="order-lines__title" tabIndex={-1}>
        What you ordered
      </h2>
      {remove.isError && (
        <div className="order-lines__error" role="alert">
          <p className="order-lines__error-title">We couldn’t remove {remove.variables.name}</p>
          <p>{describeApiError(remove.error)}</p>
        </div>
      )}
      <ul className="order-lines__list">
        {order.items.map((line) => {
          const removing = remove.isPending && remove.variables.line_id === line.line_id;
          return (
            <li key={line.line_id} className="order-line" data-testid="order-line">
              <div className="order-line__body">
                <p className="order-line__name">
                  <span className="order-line__quantity">{line.quantity} ×</span> {line.name}
                </p>
                {line.choices && line.choices.length > 0 && (
                  <p className="order-line__note" data-testid="line-choices">
                    {line.choices.map((choice) => choice.name).join(', ')}
                  </p>
                )}
                {line.note && <p className="order-line__note">“{line.note}”</p>}
                <p className="order-line__unit">{formatMoney(line.price)} each</p>
              </div>
              <p className="order-line__total">{formatMoney(line.price * line.quantity)}</p>
              {removable && (
                <button
                  type="button"
                  className="link-button order-line__remove"
                  aria-label={`${removing ? 'Removing' : 'Remove'} ${line.quantity} × ${line.name}`}
                  aria-disabled={remove.isPending}
                  onClick={() => !remove.isPending && setConfirming(line)}
                >
                  {removing ? 'Removing…' : 'Remove'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {confirming && (
        <Dialog
          labelledBy="remove-line-title"
          onClose={() => setConfirming(null)}
          testId="remove-line-dialog"
          returnFocusTo={() => heading.current}
        >
          <h2 id="remove-line-title" className="dialog__title">
            Remove {confirming.name}?
          </h2>
          <p className="remove-line__text">
            {confirming.quantity} × {confirming.name}
            {confirming.note ? ` (“${confirming.note}”)` : ''} will be taken off order {order.orderID}. The kitchen has
            not started on it yet.
          </p>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              data-autofocus
              onClick={() => setConfirming(null)}
            >
              Keep it
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                remove.mutate(confirming);
                setConfirming(null);
              }}
            >
              Remove
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
