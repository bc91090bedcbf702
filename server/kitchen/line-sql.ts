// SQL shared by every statement that moves whole orders: a move to ready or served marks the order's lines done.

/**
 * A data-modifying WITH item: every line still to make of the orders in `moved` (a relation of `order_id, status`)
 * that reached `ready` or `served` is done now, so a station's screen never shows a ticket the order has left behind.
 */
export const LINES_DONE_FOR = (moved: string) => `lines_done AS (
  UPDATE order_lines l SET done_at = now()
  FROM ${moved} mv
  WHERE l.order_id = mv.order_id AND mv.status IN ('ready', 'served') AND l.done_at IS NULL
  RETURNING l.line_id)`;
