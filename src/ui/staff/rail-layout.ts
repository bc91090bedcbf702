// Pages of the ticket rail: tickets fill each column top to bottom, oldest first; a long ticket takes two rows.
import type { KitchenOrder } from '../../../contract/kitchen';
import type { RailGrid } from './use-page-size';

/** Lines a one-row ticket shows; a ticket with more is two rows tall. */
export const SHORT_TICKET_LINES = 3;

/** Rows a ticket takes: what it shows beyond its head and button, in lines. */
export function ticketRows(order: KitchenOrder, station: string | undefined): 1 | 2 {
  const extras =
    (order.allergies && order.allergies.length > 0 ? 1 : 0) +
    (order.note ? 1 : 0) +
    (order.status === 'cancelled' ? 1 : 0) +
    (station !== undefined && (order.stations ?? []).length > 1 ? 1 : 0);
  const lines = order.items.length + (order.removed_items ?? []).length;
  return lines + extras > SHORT_TICKET_LINES ? 2 : 1;
}

/**
 * Splits the tickets into pages as CSS grid's column flow places them: down a column, then the next; a two-row
 * ticket that does not fit under the last one starts the next column. Every page holds at least one ticket.
 */
export function railPages<T>(tickets: readonly T[], grid: RailGrid, rowsOf: (ticket: T) => 1 | 2): T[][] {
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
