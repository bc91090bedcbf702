// The checkout side of the cart: table, order note, subtotal, Place order, and what happened to the last attempt.
import { useId, useMemo, useRef, useState } from 'react';
import { LIMITS } from '../../api/schemas';
import {
  CheckoutMachineContext,
  selectCanCancelQueued,
  selectCanPlace,
  selectCartLocked,
  selectCheckoutPhase,
  selectDraft,
  selectFailure,
  selectFailureIsUncertain,
  selectIsSending,
  selectOrderNote,
} from '../../machines/checkout.context';
import { groupCartLines } from '../../domain/cart-lines';
import { CartMachineContext, selectEntries } from '../../machines/cart.context';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { useAnnounce } from '../feedback/live-announcer';
import { formatMoney } from '../format';
import { useTableName } from '../table/current-table';
import { TablePicker } from '../table/table-picker';
import { CheckoutError } from './checkout-error';

interface CheckoutPanelProps {
  potentialSpend: number;
  cartCount: number;
}

export function CheckoutPanel({ potentialSpend, cartCount }: CheckoutPanelProps) {
  const checkout = CheckoutMachineContext.useActorRef();
  const phase = CheckoutMachineContext.useSelector(selectCheckoutPhase);
  const sending = CheckoutMachineContext.useSelector(selectIsSending);
  const locked = CheckoutMachineContext.useSelector(selectCartLocked);
  const uncertain = CheckoutMachineContext.useSelector(selectFailureIsUncertain);
  const failure = CheckoutMachineContext.useSelector(selectFailure);
  const canCancelQueued = CheckoutMachineContext.useSelector(selectCanCancelQueued);
  const note = CheckoutMachineContext.useSelector(selectOrderNote);
  const tableId = TableMachineContext.useSelector(selectTableId);
  const tableName = useTableName(tableId);
  const [changingTable, setChangingTable] = useState(false);
  const tableButton = useRef<HTMLButtonElement>(null);
  const placeButton = useRef<HTMLButtonElement>(null);
  const noteId = useId();
  const noteHintId = useId();

  const draft = CheckoutMachineContext.useSelector(selectDraft);
  const canPlace = CheckoutMachineContext.useSelector(selectCanPlace);
  const tooManyLines = !draft.ok && draft.problem === 'too-many-lines' ? draft.lineCount : null;
  // After a failure, Place order is Retry: the machine sends the saved attempt again with its key.
  const place = () => checkout.send({ type: 'checkout.submit' });
  const retry = () => checkout.send({ type: 'checkout.retry' });

  // A refusal naming lines (sold out, say): sending the same again cannot help, taking them out can.
  const cart = CartMachineContext.useActorRef();
  const entries = CartMachineContext.useSelector(selectEntries);
  const lines = useMemo(() => groupCartLines(entries).lines, [entries]);
  const announce = useAnnounce();
  const refusedLines = lines.filter((line) => failure?.rejected[line.key] !== undefined);
  const removeRefused = () => {
    for (const line of refusedLines) for (const id of line.entryIds) cart.send({ type: 'cart.remove', id });
    announce(`Removed ${refusedLines.map((line) => line.name).join(', ')} from your cart`);
    // The message and its button go with the change; Place order is where the guest goes next.
    placeButton.current?.focus();
  };

  return (
    <section className="checkout-panel" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="checkout-panel__title">
        Your order
      </h2>

      <div className="checkout-panel__row checkout-panel__table">
        <span className="checkout-panel__label">Table</span>
        <span className="checkout-panel__value">{tableName ?? 'Not chosen yet'}</span>
        <button
          ref={tableButton}
          type="button"
          className="link-button"
          aria-label={tableName ? 'Change table' : 'Choose table'}
          aria-disabled={locked}
          onClick={() => !locked && setChangingTable(true)}
        >
          {tableName ? 'Change' : 'Choose'}
        </button>
      </div>

      <div className="checkout-panel__note">
        <label htmlFor={noteId} className="checkout-panel__label">
          Note for the restaurant (optional)
        </label>
        <textarea
          id={noteId}
          className="checkout-panel__textarea"
          data-testid="order-note"
          rows={2}
          maxLength={LIMITS.orderNoteLength}
          value={note}
          readOnly={locked}
          aria-describedby={noteHintId}
          placeholder="Allergies, a birthday, when to bring the desserts…"
          onChange={(event) => checkout.send({ type: 'checkout.note', note: event.target.value })}
        />
        <p id={noteHintId} className="checkout-panel__hint">
          {note.length} of {LIMITS.orderNoteLength} characters
        </p>
      </div>

      <div className="checkout-panel__row checkout-panel__subtotal">
        <span>
          Subtotal{' '}
          <span className="checkout-panel__muted">
            ({cartCount} {cartCount === 1 ? 'item' : 'items'})
          </span>
        </span>
        <span className="checkout-panel__amount" data-testid="cart-subtotal">
          {formatMoney(potentialSpend)}
        </span>
      </div>
      <p className="checkout-panel__hint">The restaurant confirms the prices when it takes the order.</p>

      {tooManyLines !== null && (
        <p className="checkout-panel__problem" role="alert">
          This order has {tooManyLines} lines, and the restaurant takes at most {LIMITS.linesPerOrder} in one order (
          {LIMITS.quantityPerLine} of a dish make one line). Please remove some, and order them separately.
        </p>
      )}
      {phase === 'resuming' && (
        <p className="checkout-panel__status" role="status">
          <span className="spinner" aria-hidden="true" /> Checking whether your order went through…
        </p>
      )}
      {phase === 'queued' && (
        <div className="checkout-panel__queued" role="status" data-testid="order-queued">
          <p className="checkout-panel__queued-title">Will be sent when you are back online</p>
          <p className="checkout-panel__hint">
            {canCancelQueued
              ? 'Your order is kept on this device and goes to the kitchen by itself, once, as soon as the network is back. Your cart is kept as it was until then.'
              : 'It may have reached the kitchen already: as soon as the network is back we find out, and it will never be placed twice. Your cart is kept as it was until then.'}
          </p>
          {canCancelQueued && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                checkout.send({ type: 'checkout.cancel' });
                placeButton.current?.focus();
              }}
            >
              Cancel this order
            </button>
          )}
        </div>
      )}
      {failure && phase === 'failed' && (
        <CheckoutError
          failure={failure}
          uncertain={uncertain}
          onRetry={retry}
          {...(refusedLines.length > 0 ? { onRemoveRefused: removeRefused } : {})}
        />
      )}

      <button
        ref={placeButton}
        type="button"
        className="button button--primary checkout-panel__place"
        data-testid="place-order"
        aria-disabled={!canPlace}
        onClick={place}
      >
        {sending ? (
          <>
            <span className="spinner spinner--light" aria-hidden="true" /> Placing your order…
          </>
        ) : phase === 'queued' ? (
          <>Waiting for the network…</>
        ) : (
          <>Place order · {formatMoney(potentialSpend)}</>
        )}
      </button>
      {tableId === null && !locked && <p className="checkout-panel__hint">We’ll ask for your table first.</p>}

      {phase === 'awaitingTable' && (
        <TablePicker
          onClose={() => checkout.send({ type: 'checkout.cancel' })}
          returnFocusTo={() => placeButton.current}
        />
      )}
      {changingTable && (
        <TablePicker onClose={() => setChangingTable(false)} returnFocusTo={() => tableButton.current} />
      )}
    </section>
  );
}
