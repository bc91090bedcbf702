// The checkout side of the cart: table, order note, subtotal, Place order, and what happened to the last attempt.
import { useId, useMemo, useRef, useState } from 'react';
import { LIMITS } from '../../../contract/guest';
import {
  useCheckout,
  useCheckoutSelector,
  selectAllergiesOffered,
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
import { groupCartLines, type CartLine } from '../../domain/cart-lines';
import { CartMachineContext, selectEntries } from '../../machines/cart.context';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { useAnnounce } from '../feedback/live-announcer';
import { formatList, formatMoney, formatNumber } from '../format';
import { useTableName } from '../table/current-table';
import { TablePicker } from '../table/table-picker';
import { AllergiesField } from './allergies-field';
import { CheckoutError } from './checkout-error';
import { t } from '../i18n/i18n';

interface CheckoutPanelProps {
  potentialSpend: number;
  cartCount: number;
  /** Lines whose dish went sold out since it was added: the order waits until they are removed. */
  unavailableLines?: readonly CartLine[];
  /** The guest's dish filter hides allergens, which the allergies for the kitchen started from. */
  allergiesFromFilter?: boolean;
}

export function CheckoutPanel({
  potentialSpend,
  cartCount,
  unavailableLines = [],
  allergiesFromFilter = false,
}: CheckoutPanelProps) {
  const checkout = useCheckout();
  const phase = useCheckoutSelector(selectCheckoutPhase);
  const sending = useCheckoutSelector(selectIsSending);
  const locked = useCheckoutSelector(selectCartLocked);
  const uncertain = useCheckoutSelector(selectFailureIsUncertain);
  const failure = useCheckoutSelector(selectFailure);
  const canCancelQueued = useCheckoutSelector(selectCanCancelQueued);
  const note = useCheckoutSelector(selectOrderNote);
  const allergiesOffered = useCheckoutSelector(selectAllergiesOffered);
  const tableId = TableMachineContext.useSelector(selectTableId);
  const tableName = useTableName(tableId);
  const [changingTable, setChangingTable] = useState(false);
  const tableButton = useRef<HTMLButtonElement>(null);
  const placeButton = useRef<HTMLButtonElement>(null);
  const noteId = useId();
  const noteHintId = useId();

  const draft = useCheckoutSelector(selectDraft);
  const canPlace = useCheckoutSelector(selectCanPlace);
  const tooManyLines = !draft.ok && draft.problem === 'too-many-lines' ? draft.lineCount : null;
  // Sold-out lines hold the order, but not while an attempt is out or may have gone through: its retry must send what
  // the guest saw then.
  const blockedBySoldOut = unavailableLines.length > 0 && !locked;
  // The one action after a failure: Retry (the same attempt, same key) when it may have gone through; after a
  // refusal, Place order again (or, when it named lines, their removal in the failure's message instead).
  const place = () => {
    if (blockedBySoldOut || !canPlace) return;
    checkout.send({ type: uncertain ? 'checkout.retry' : 'checkout.submit' });
  };

  // A refusal naming lines (sold out, say): sending the same again cannot help, taking them out can.
  const cart = CartMachineContext.useActorRef();
  const entries = CartMachineContext.useSelector(selectEntries);
  const lines = useMemo(() => groupCartLines(entries).lines, [entries]);
  const announce = useAnnounce();
  const refusedLines = lines.filter((line) => failure?.rejected[line.key] !== undefined);
  const removeRefused = () => {
    for (const line of refusedLines) for (const id of line.entryIds) cart.send({ type: 'cart.remove', id });
    announce(t('announce.removedFromCart', { names: formatList(refusedLines.map((line) => line.name)) }));
    // The message and its button go with the change; Place order is where the guest goes next.
    placeButton.current?.focus();
  };
  const removeUnavailable = () => {
    for (const line of unavailableLines) for (const id of line.entryIds) cart.send({ type: 'cart.remove', id });
    announce(t('announce.removedFromCart', { names: formatList(unavailableLines.map((line) => line.name)) }));
    placeButton.current?.focus();
  };

  return (
    <section className="checkout-panel" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="checkout-panel__title">
        {t('checkout.title')}
      </h2>

      <div className="checkout-panel__row checkout-panel__table">
        <span className="checkout-panel__label">{t('checkout.table')}</span>
        <span className="checkout-panel__value">{tableName ?? t('checkout.noTable')}</span>
        <button
          ref={tableButton}
          type="button"
          className="link-button"
          aria-label={t(tableName ? 'checkout.changeTable' : 'checkout.chooseTable')}
          aria-disabled={locked}
          onClick={() => !locked && setChangingTable(true)}
        >
          {t(tableName ? 'checkout.change' : 'checkout.choose')}
        </button>
      </div>

      <div className="checkout-panel__note">
        <label htmlFor={noteId} className="checkout-panel__label">
          {t('checkout.note')}
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
          placeholder={t('checkout.notePlaceholder')}
          onChange={(event) => checkout.send({ type: 'checkout.note', note: event.target.value })}
        />
        <p id={noteHintId} className="checkout-panel__hint">
          {t('dish.noteCount', { length: formatNumber(note.length), max: formatNumber(LIMITS.orderNoteLength) })}
        </p>
      </div>

      {allergiesOffered && <AllergiesField fromFilter={allergiesFromFilter} />}

      <div className="checkout-panel__row checkout-panel__subtotal">
        <span>
          {t('checkout.subtotal')}{' '}
          <span className="checkout-panel__muted">({t('cart.count', { count: cartCount })})</span>
        </span>
        <span className="checkout-panel__amount" data-testid="cart-subtotal">
          {formatMoney(potentialSpend)}
        </span>
      </div>
      <p className="checkout-panel__hint">{t('checkout.confirmsPrices')}</p>

      {tooManyLines !== null && (
        <p className="checkout-panel__problem" role="alert">
          {t('checkout.tooManyLines', {
            lines: formatNumber(tooManyLines),
            max: formatNumber(LIMITS.linesPerOrder),
            perLine: formatNumber(LIMITS.quantityPerLine),
          })}
        </p>
      )}
      {blockedBySoldOut && (
        <div className="checkout-panel__problem checkout-panel__sold-out" role="alert" data-testid="sold-out-problem">
          <p>
            {t('checkout.soldOut', {
              count: unavailableLines.length,
              names: formatList(unavailableLines.map((line) => line.name)),
            })}
          </p>
          <button type="button" className="button button--secondary" onClick={removeUnavailable}>
            {t('checkout.soldOutRemove', { count: unavailableLines.length })}
          </button>
        </div>
      )}
      {phase === 'resuming' && (
        <p className="checkout-panel__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('checkout.resuming')}
        </p>
      )}
      {phase === 'queued' && (
        <div className="checkout-panel__queued" role="status" data-testid="order-queued">
          <p className="checkout-panel__queued-title">{t('checkout.queued.title')}</p>
          <p className="checkout-panel__hint">
            {t(canCancelQueued ? 'checkout.queued.hint' : 'checkout.queued.hintUncertain')}
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
              {t('checkout.queued.cancel')}
            </button>
          )}
        </div>
      )}
      {failure && phase === 'failed' && (
        <CheckoutError
          failure={failure}
          uncertain={uncertain}
          refused={refusedLines.map((line) => ({ name: line.name, reason: failure.rejected[line.key] ?? '' }))}
          {...(refusedLines.length > 0 ? { onRemoveRefused: removeRefused } : {})}
        />
      )}

      <button
        ref={placeButton}
        type="button"
        className="button button--primary checkout-panel__place"
        data-testid="place-order"
        aria-disabled={!canPlace || blockedBySoldOut}
        onClick={place}
      >
        {sending ? (
          <>
            <span className="spinner spinner--light" aria-hidden="true" /> {t('checkout.placing')}
          </>
        ) : phase === 'queued' ? (
          <>{t('checkout.waitingNetwork')}</>
        ) : uncertain ? (
          <>{t('common.retry')}</>
        ) : (
          <>{t('checkout.place', { total: formatMoney(potentialSpend) })}</>
        )}
      </button>
      {tableId === null && !locked && <p className="checkout-panel__hint">{t('checkout.tableFirst')}</p>}

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
