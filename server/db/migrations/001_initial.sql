-- The restaurant: menu, tables, and the orders guests place.

CREATE TABLE categories (
  id integer PRIMARY KEY CHECK (id > 0),
  name text NOT NULL,
  description text,
  image text,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE sub_categories (
  id integer PRIMARY KEY CHECK (id > 0),
  category_id integer NOT NULL REFERENCES categories (id),
  name text NOT NULL,
  image text,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX sub_categories_category_idx ON sub_categories (category_id);

-- The category comes from the sub-category, so an item can never sit in two inconsistent places.
-- Prices are whole cents; price_label, when set, is what the API answers instead (e.g. '$12.50').
CREATE TABLE menu_items (
  id integer PRIMARY KEY CHECK (id > 0),
  sub_category_id integer NOT NULL REFERENCES sub_categories (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  price_label text,
  image text,
  available boolean NOT NULL DEFAULT true,
  tags text[] NOT NULL DEFAULT '{}',
  prep_minutes integer NOT NULL DEFAULT 10 CHECK (prep_minutes >= 0),
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX menu_items_sub_category_idx ON menu_items (sub_category_id);

-- status is the floor plan's own state; a table with open orders is answered as occupied regardless.
CREATE TABLE dining_tables (
  id integer PRIMARY KEY CHECK (id > 0),
  name text NOT NULL,
  seats integer NOT NULL CHECK (seats > 0),
  status text NOT NULL CHECK (status IN ('free', 'occupied', 'reserved'))
);

CREATE TABLE orders (
  order_id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  table_id integer NOT NULL REFERENCES dining_tables (id),
  status text NOT NULL DEFAULT 'received'
    CHECK (status IN ('received', 'preparing', 'ready', 'served', 'cancelled')),
  note text NOT NULL DEFAULT '',
  -- The unique constraint is what makes retries safe under concurrency, not any check in code.
  idempotency_key text UNIQUE,
  request_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The kitchen works from this column alone, so its progress survives restarts.
  status_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_status_idx ON orders (status, status_changed_at);
CREATE INDEX orders_recent_idx ON orders (created_at DESC, seq DESC);
CREATE INDEX orders_table_idx ON orders (table_id, status);

-- name and unit price are copied when ordered: later menu changes do not rewrite what a guest ordered.
CREATE TABLE order_lines (
  line_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  menu_id integer NOT NULL REFERENCES menu_items (id),
  name text NOT NULL,
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 20),
  note text NOT NULL DEFAULT ''
);
CREATE INDEX order_lines_order_idx ON order_lines (order_id);
