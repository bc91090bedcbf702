-- Whether a table is occupied (an order of it received, preparing or ready) is asked by every summary and table list:
-- a partial index of only those orders answers it per table, whatever the history and however the orders are spread
-- (with the plain (table_id, status) index the planner could pick a scan of every order a busy table ever had).
CREATE INDEX IF NOT EXISTS orders_occupying_idx ON orders (table_id) WHERE status IN ('received', 'preparing', 'ready');
