// One ticket on the rail: table, guest, timer in colour and words, allergy banner, lines with add-ons and voids, bump.
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { KitchenOrder } from '../../../contract/kitchen';
import {
  formatTimer,
  isAddOn,
  isLineDone,
  stationOf,
  timerLevel,
  waitingFor,
  type TimerThresholds,
} from '../../domain/kitchen';

export const TIMER_WORDS = { ok: 'on time', warn: 'due', late: 'late' } as const;

/** What the ticket's big button does on this board. */
export interface BumpAction {
  label: string;
  /** Why it cannot be pressed yet (the expo waits for a station), or null. */
  blockedBy: string | null;
}

export interface TicketCardProps {
  order: KitchenOrder;
  /** 1–9 on the current page: the bump bar's key for it; null beyond 9. */
  keyNumber: number | null;
  /** Rows of the rail it takes (rail-layout.ts estimates them from its text). */
  rows: number;
  selected: boolean;
  tableName: string;
  now: number;
  thresholds: TimerThresholds;
  /** The station this board is, or undefined for whole orders (the expo, or a provider without stations). */
  station: string | undefined;
  /** The expo: whole tickets with what each still waits for. */
  expo: boolean;
  isNew: boolean;
  acknowledged: boolean;
  busy: boolean;
  bump: BumpAction | null;
  onSelect: (orderID: string) => void;
  onBump: (order: KitchenOrder) => void;
  onAcknowledge: (orderID: string) => void;
  onCancel: (order: KitchenOrder) => void;
}

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

function TicketCardView({
  order,
  keyNumber,
  rows,
  selected,
  tableName,
  now,
  thresholds,
  station,
  expo,
  isNew,
  acknowledged,
  busy,
  bump,
  onSelect,
  onBump,
  onAcknowledge,
  onCancel,
}: TicketCardProps) {
  const elapsed = Math.max(0, now - Date.parse(order.created_at));
  const level = timerLevel(elapsed, thresholds);
  const headingId = `ticket-${order.orderID}`;
  const voided = order.status === 'cancelled';
  const allergies = order.allergies ?? [];
  const mustAcknowledge = allergies.length > 0 && !acknowledged && !voided;
  return (
    <article
      className={`ticket ticket--${level}${isNew ? ' ticket--new' : ''}${selected ? ' ticket--selected' : ''}${voided ? ' ticket--void' : ''}${allergies.length > 0 ? ' ticket--allergy' : ''}`}
      style={{ gridRow: `span ${rows}` }}
      aria-labelledby={headingId}
      data-testid="order-card"
      data-order-id={order.orderID}
      data-status={order.status}
      tabIndex={-1}
      onFocus={() => onSelect(order.orderID)}
    >
      <header className="ticket__head">
        {keyNumber !== null && (
          <kbd className="ticket__key" aria-hidden="true">
            {keyNumber}
          </kbd>
        )}
        {/* Focusable by script only: where focus goes when the ticket's next step is not open yet. */}
        <h3 id={headingId} className="ticket__table" tabIndex={-1}>
          {tableName}
          {order.guest ? <span className="ticket__guest"> · {order.guest}</span> : null}
          {isNew && <span className="ticket__badge"> New</span>}
          {keyNumber !== null && <span className="visually-hidden"> (key {keyNumber})</span>}
        </h3>
        <span className={`ticket__timer ticket__timer--${level}`} data-testid="ticket-timer">
          <span aria-hidden="true">{level === 'late' ? '■ ' : level === 'warn' ? '▲ ' : ''}</span>
          {formatTimer(elapsed)} <span className="ticket__timer-word">{TIMER_WORDS[level]}</span>
        </span>
      </header>
      {voided && (
        <p className="ticket__void" data-testid="ticket-void">
          VOID — cancelled{order.cancel_reason ? `: ${order.cancel_reason}` : ''}
        </p>
      )}
      {allergies.length > 0 && !voided && (
        <div className="ticket__allergy" data-testid="allergy-banner">
          <strong>ALLERGY: {allergies.join(', ')}</strong>
          {acknowledged ? (
            // A flex item of its own: wrapped under a long list of allergies, it starts its line with the tick.
            <span className="ticket__acked">
              <span aria-hidden="true">✓ </span>
              acknowledged
              {order.allergies_acknowledged_at ? ` ${clock(order.allergies_acknowledged_at)}` : ''}
            </span>
          ) : (
            <button
              type="button"
              className="staff-button ticket__ack"
              onClick={() => onAcknowledge(order.orderID)}
              aria-describedby={headingId}
            >
              Acknowledge allergy
            </button>
          )}
        </div>
      )}
      <TicketContent order={order} station={station} expo={expo} />
      <TicketActions
        order={order}
        station={station}
        busy={busy}
        mustAcknowledge={mustAcknowledge}
        bump={bump}
        onBump={onBump}
        onCancel={onCancel}
      />
    </article>
  );
}

/**
 * What the ticket asks the cook to make: it changes only with the order, so the clock's tick and a ticket moving up
 * the rail (a new key number) leave it alone.
 */
const TicketContent = memo(function TicketContent({
  order,
  station,
  expo,
}: Pick<TicketCardProps, 'order' | 'station' | 'expo'>) {
  const voided = order.status === 'cancelled';
  const alsoAt = station === undefined ? [] : (order.stations ?? []).filter((other) => other !== station);
  const waiting = expo ? waitingFor(order) : [];
  const removed = order.removed_items ?? [];
  return (
    <>
      {alsoAt.length > 0 && <p className="ticket__also">also at: {alsoAt.join(', ')}</p>}
      {expo && (
        <p className="ticket__also" data-testid="ticket-waiting">
          {voided ? 'cancelled' : waiting.length === 0 ? 'all stations done' : `waiting for: ${waiting.join(', ')}`}
        </p>
      )}
      <ul className="ticket__lines">
        {order.items.map((line) => {
          const done = expo && isLineDone(order, line);
          const addOn = isAddOn(order, line);
          return (
            <li
              key={line.line_id}
              className={`${voided || done ? 'ticket__line--struck' : ''}${addOn ? ' ticket__line--added' : ''}`}
              data-testid="ticket-line"
            >
              {addOn && line.added_at && (
                <strong className="ticket__added" data-testid="ticket-added">
                  ADDED {clock(line.added_at)}{' '}
                </strong>
              )}
              <span className="ticket__qty">{line.quantity} ×</span> {line.name}
              {line.choices && line.choices.length > 0 && (
                <span className="ticket__choices" data-testid="board-line-choices">
                  {' '}
                  ({line.choices.map((choice) => choice.name).join(', ')})
                </span>
              )}
              {line.note && <span className="ticket__note"> — {line.note}</span>}
              {expo && <span className="ticket__station"> [{stationOf(line)}]</span>}
              {done && <span> ✓ done</span>}
              {line.allergens && line.allergens.length > 0 && (
                <span className="ticket__contains"> contains: {line.allergens.join(', ')}</span>
              )}
            </li>
          );
        })}
        {removed.map((line) => (
          <li key={`removed-${line.line_id}`} className="ticket__line--struck" data-testid="ticket-removed">
            <strong>REMOVED </strong>
            <span className="ticket__qty">{line.quantity} ×</span> {line.name}
          </li>
        ))}
      </ul>
      {order.note && <p className="ticket__note">Note: {order.note}</p>}
    </>
  );
});

/** The ticket's buttons and its print link (a router link costs more to draw than the rest of the ticket). */
const TicketActions = memo(function TicketActions({
  order,
  station,
  busy,
  mustAcknowledge,
  bump,
  onBump,
  onCancel,
}: Pick<TicketCardProps, 'order' | 'station' | 'busy' | 'bump' | 'onBump' | 'onCancel'> & {
  mustAcknowledge: boolean;
}) {
  const headingId = `ticket-${order.orderID}`;
  const voided = order.status === 'cancelled';
  return (
    <div className="ticket__actions">
      {bump && (
        <button
          type="button"
          className="staff-button staff-button--primary ticket__bump"
          data-action="bump"
          disabled={busy || mustAcknowledge || bump.blockedBy !== null}
          onClick={() => onBump(order)}
          aria-describedby={headingId}
          title={mustAcknowledge ? 'Acknowledge the allergy first' : (bump.blockedBy ?? undefined)}
        >
          {bump.label}
        </button>
      )}
      {!voided && (
        <Link
          to="/staff/ticket"
          search={{ order: order.orderID, ...(station ? { station } : {}) }}
          className="staff-button staff-button--quiet ticket__print"
          aria-describedby={headingId}
        >
          Print
        </Link>
      )}
      {!voided && order.status !== 'served' && (
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={busy}
          onClick={() => onCancel(order)}
          aria-describedby={headingId}
        >
          Cancel
        </button>
      )}
    </div>
  );
});

/**
 * Memoised, with every prop a value or a stable reference from the board: a bump re-renders the tickets whose props
 * changed, not the whole rail.
 */
export const TicketCard = memo(TicketCardView);
