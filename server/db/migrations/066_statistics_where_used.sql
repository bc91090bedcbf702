-- ANALYZE gathers statistics on every column of the tables each order writes, and autovacuum runs it on them often:
-- after a rush of inserts, and on events all day (it is pruned to the last hour). No query filters, joins or groups on
-- the columns below; they are only read back. Their statistics were most of ANALYZE's work on these tables (jsonb and
-- arrays are costly to compare and sort), all of it on the database's CPU while orders wait for it: on a table of
-- 400,000 events ANALYZE took 430–620 ms with them, 180–200 ms without. A target of 0 gathers none for a column.
ALTER TABLE events ALTER COLUMN payload SET STATISTICS 0;
ALTER TABLE order_lines
  ALTER COLUMN choices SET STATISTICS 0,
  ALTER COLUMN note SET STATISTICS 0,
  ALTER COLUMN allergens SET STATISTICS 0;
ALTER TABLE orders
  ALTER COLUMN note SET STATISTICS 0,
  ALTER COLUMN request_hash SET STATISTICS 0,
  ALTER COLUMN allergies SET STATISTICS 0,
  ALTER COLUMN allergies_acknowledged_by SET STATISTICS 0;
