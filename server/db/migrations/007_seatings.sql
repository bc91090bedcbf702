-- Table sessions (contract v1.1): a table's seating, the guest's name on each order, and service requests.

-- A seating starts with the table's first order after it was cleared and ends when staff clear the table. At most
-- one seating per table is open; GET table/orders answers that one's orders only.
CREATE TABLE seatings (
  id bigserial PRIMARY KEY,
  table_id integer NOT NULL REFERENCES dining_tables (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE UNIQUE INDEX seatings_one_open_idx ON seatings (table_id) WHERE ended_at IS NULL;

-- Orders placed before this migration belong to no seating: no table bill ever shows them.
ALTER TABLE orders ADD COLUMN seating_id bigint REFERENCES seatings (id);
ALTER TABLE orders ADD COLUMN guest text;
CREATE INDEX orders_seating_idx ON orders (seating_id);

-- A guest's call for the waiter or the bill; at most one open request of each kind per table.
CREATE TABLE service_requests (
  id serial PRIMARY KEY,
  table_id integer NOT NULL REFERENCES dining_tables (id),
  kind text NOT NULL CHECK (kind IN ('waiter', 'bill')),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE UNIQUE INDEX service_requests_one_open_idx ON service_requests (table_id, kind) WHERE done_at IS NULL;
