-- Contract v1.1 keys and limits: the provider's secret, table keys, a per-table order window, POST menu retries.

-- One row per setting shared by every provider process on this database (the order-key secret).
CREATE TABLE provider_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);

-- gen_random_uuid() draws from the server's strong random source: 122 random bits per key, and existing tables get
-- one each (a volatile default is evaluated row by row).
ALTER TABLE dining_tables
  ADD COLUMN table_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');

-- The new-order limit counts a table's orders of the last minute.
CREATE INDEX orders_table_created_idx ON orders (table_id, created_at);

-- POST menu with an Idempotency-Key: the key, what it asked for, and the order it changed.
CREATE TABLE menu_additions (
  idempotency_key text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
