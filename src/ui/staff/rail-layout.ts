// Pages of the ticket rail: tickets fill each column top to bottom, oldest first; a long ticket takes the rows it needs.
import type { KitchenOrder } from '../../../contract/kitchen';
import { isAddOn } from '../../domain/kitchen';
import { TICKET_BOX, type RailGrid } from './use-page-size';

/**
 * A ticket's height estimated from its text at the rail's least column width (staff.css: 0.95rem text with a 1.25 line
 * height on a 236-px card). Words wrap before the edge, so a line is counted as fewer characters than fit; the rail's
 * rows still grow with a ticket whose text is longer than estimated, so a wrong guess costs paging, never a cut word.
 */
const TEXT_LINE_PX = 19;
const CHARS_PER_LINE = 24;
/** The head's line, the card's padding and borders, the margins around the lines, and the 44-px row of buttons. */
const FRAME_PX = 96;
/** Beside the key and the timer, the head's bigger text holds about this many characters before the timer wraps under it. */
const HEAD_CHARS_BESIDE_TIMER = 9;
/** Past the hour the timer reads h:mm:ss, three characters wider, and leaves that much less beside it. */
const HOUR_MS = 3_600_000;
const HOUR_TIMER_EXTRA_CHARS = 3;
const HEAD_CHARS_PER_LINE = 20;
const HEAD_LINE_PX = 22;
/** The red allergy banner with its 44-px Acknowledge button, and each further line of allergies. */
const ALLERGY_BANNER_PX = 54;

/** "contains: …" is in smaller type (0.85rem): its characters are counted at that share of a line's. */
const SMALL_TEXT = 0.88;

const textLines = (text: string, perLine = CHARS_PER_LINE, small = '') =>
  Math.max(1, Math.ceil((text.length + small.length * SMALL_TEXT) / perLine));

/**
 * Estimated height in CSS pixels of a ticket for `order` on a board for `station` (undefined: whole orders), at `now`
 * (ms since the epoch; the ticket's timer is as old as the order).
 */
export function ticketHeight(order: KitchenOrder, station: string | undefined, tableName = '', now?: number): number {
  const head = `${tableName}${order.guest ? ` · ${order.guest}` : ''}`;
  const pastTheHour = now !== undefined && now - Date.parse(order.created_at) >= HOUR_MS;
  const beside = HEAD_CHARS_BESIDE_TIMER - (pastTheHour ? HOUR_TIMER_EXTRA_CHARS : 0);
  const headLines = head.length <= beside ? 1 : 1 + textLines(head, HEAD_CHARS_PER_LINE);
  const allergies = order.allergies ?? [];
  const allergy =
    allergies.length > 0 ? ALLERGY_BANNER_PX + (textLines(`ALLERGY: ${allergies.join(', ')}`) - 1) * TEXT_LINE_PX : 0;
  const alsoAt = station !== undefined && (order.stations ?? []).length > 1 ? 1 : 0;
  const waiting = station === undefined ? 1 : 0;
  const items = order.items.reduce((sum, line) => {
    const text = [
      `${line.quantity} × ${line.name}`,
      line.choices && line.choices.length > 0 ? `(${line.choices.map((choice) => choice.name).join(', ')})` : '',
      line.note ? `— ${line.note}` : '',
      station === undefined ? '[station] ✓ done' : '',
      isAddOn(order, line) ? 'ADDED 00:00' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const contains = line.allergens && line.allergens.length > 0 ? ` contains: ${line.allergens.join(', ')}` : '';
    return sum + textLines(text, CHARS_PER_LINE, contains);
  }, 0);
  const removed = (order.removed_items ?? []).reduce(
    (sum, line) => sum + textLines(`REMOVED ${line.quantity} × ${line.name}`),
    0,
  );
  const note = order.note ? textLines(`Note: ${order.note}`) : 0;
  const voided =
    order.status === 'cancelled'
      ? textLines(`VOID — cancelled${order.cancel_reason ? `: ${order.cancel_reason}` : ''}`)
      : 0;
  return (
    FRAME_PX +
    (headLines - 1) * HEAD_LINE_PX +
    allergy +
    (alsoAt + waiting + items + removed + note + voided) * TEXT_LINE_PX
  );
}

/** Rows of the rail a ticket takes: as many of the rail's small steps as its estimated height and the gap under it need. */
export function ticketRows(order: KitchenOrder, station: string | undefined, tableName = '', now?: number): number {
  const height = ticketHeight(order, station, tableName, now);
  return Math.max(1, Math.ceil((height + TICKET_BOX.gap) / TICKET_BOX.row));
}

/**
 * Splits the tickets into pages as CSS grid's column flow places them: down a column, then the next; a two-row
 * ticket that does not fit under the last one starts the next column; one taller than the rail takes a column. Every page holds at least one ticket.
 */
export function railPages<T>(tickets: readonly T[], grid: RailGrid, rowsOf: (ticket: T) => number): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  let column = 0;
  let row = 0;
  for (const ticket of tickets) {
    const rows = Math.min(rowsOf(ticket), grid.rows);
    if (row + rows > grid.rows) {
      column += 1;
      row = 0;
    }
    if (column >= grid.columns && page.length > 0) {
      pages.push(page);
      page = [];
      column = 0;
      row = 0;
    }
    page.push(ticket);
    row += rows;
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}
