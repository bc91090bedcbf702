-- summary reads only the open orders, from one small index, whatever the history: each order keeps when its slowest
-- dish should be ready (created_at + the longest preparation time of its lines), set in the transaction that places
-- it or changes its lines. NULL (an order written by code that does not set it) is computed from its lines instead.
ALTER TABLE orders ADD COLUMN ready_at timestamptz;

UPDATE orders o
SET ready_at = o.created_at + make_interval(mins => (
  SELECT coalesce(max(m.prep_minutes), 0)::int
  FROM order_lines l JOIN menu_items m ON m.id = l.menu_id
  WHERE l.order_id = o.order_id))
WHERE o.status IN ('received', 'preparing');

-- Covers summary's scan (an index-only scan once vacuumed); partial, so served orders never enter it.
CREATE INDEX orders_open_ready_idx ON orders (ready_at) INCLUDE (order_id, created_at)
  WHERE status IN ('received', 'preparing');
