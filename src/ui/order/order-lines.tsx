// The lines of a placed order, one per dish and note however the provider split them (at most 20 a line on the wire);
// while the kitchen has not started, a line can be removed (all of it, as shown) after a confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { removeMenu } from '../../api/order-calls';
import { describeApiError } from '../feedback/error-text';
import { withDishNames } from '../../api/menu-names';
import { queryKeys } from '../../api/queries';
import type { Order, OrderedChoice } from '../../../contract/orders';
import { groupOrderLines, type ShownLine as DomainShownLine } from '../../domain/shown-lines';
import { Dialog } from '../dialog';
import { useAnnounce } from '../feedback/live-announcer';
import { formatMoney, formatNumber } from '../format';
import { t } from '../i18n/i18n';
import { useDishNames } from '../i18n/use-dish-names';

/** One dish with one note and one set of choices at one price, as the guest sees it. */
type ShownLine = DomainShownLine<OrderedChoice>;

export function OrderLines({ order, orderID }: { order: Order; orderID: string }) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<ShownLine | null>(null);
  // Shown in the guest's language where the menu has it; the order itself keeps the kitchen's names.
  const names = useDishNames(order.items.map((line) => line.menu_id));
  const lines = useMemo(() => groupOrderLines(withDishNames(order.items, names)), [order.items, names]);

  const remove = useMutation({
    // Every provider line the shown line stands for; each answer is the order as it now is.
    mutationFn: async (line: ShownLine) => {
      let updated: Order | undefined;
      for (const line_id of line.lineIds) updated = await removeMenu({ orderID: order.orderID, line_id });
      if (!updated) throw new Error('Nothing to remove');
      return updated;
    },
    onSuccess: (updated, line) => {
      queryClient.setQueryData(queryKeys.order(orderID), updated);
      announce(t('announce.removedFromOrder', { name: line.name }));
      // The line and its button are gone; the list's heading keeps the reader in place.
      heading.current?.focus();
    },
    // The order may have moved on (409): show its status now, next to the reason.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderID) }),
  });

  // The provider keeps at least one line per order, so the last one (as the guest sees it) is not offered for removal.
  const removable = order.status === 'received' && lines.length > 1;

  return (
    <section className="order-lines" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" ref={heading} className="order-lines__title" tabIndex={-1}>
        {t('orderLines.title')}
      </h2>
      {remove.isError && (
        <div className="order-lines__error" role="alert">
          <p className="order-lines__error-title">{t('orderLines.removeFailed', { name: remove.variables.name })}</p>
          <p>{describeApiError(remove.error)}</p>
        </div>
      )}
      <ul className="order-lines__list">
        {lines.map((line) => {
          const removing = remove.isPending && remove.variables.key === line.key;
          return (
            <li key={line.key} className="order-line" data-testid="order-line">
              <div className="order-line__body">
                <p className="order-line__name">
                  <span className="order-line__quantity">{formatNumber(line.quantity)} ×</span> {line.name}
                </p>
                {line.choices.length > 0 && (
                  <p className="order-line__note" data-testid="line-choices">
                    {line.choices.map((choice) => choice.name).join(', ')}
                  </p>
                )}
                {line.note && <p className="order-line__note">“{line.note}”</p>}
                <p className="order-line__unit">{t('line.each', { price: formatMoney(line.price) })}</p>
              </div>
              <p className="order-line__total">{formatMoney(line.price * line.quantity)}</p>
              {removable && (
                <button
                  type="button"
                  className="link-button order-line__remove"
                  aria-label={t(removing ? 'orderLines.removingLabel' : 'orderLines.removeLabel', {
                    quantity: formatNumber(line.quantity),
                    name: line.name,
                  })}
                  aria-disabled={remove.isPending}
                  onClick={() => !remove.isPending && setConfirming(line)}
                >
                  {t(removing ? 'orderLines.removing' : 'line.remove')}
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
            {t('orderLines.confirmTitle', { name: confirming.name })}
          </h2>
          <p className="remove-line__text">
            {t('orderLines.confirmText', {
              what: `${formatNumber(confirming.quantity)} × ${confirming.name}${confirming.note ? ` (“${confirming.note}”)` : ''}`,
              id: order.orderID,
            })}
          </p>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              data-autofocus
              onClick={() => setConfirming(null)}
            >
              {t('orderLines.keep')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                remove.mutate(confirming);
                setConfirming(null);
              }}
            >
              {t('line.remove')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
