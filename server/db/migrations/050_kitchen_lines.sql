-- The kitchen at rush (contract v1.2 "Stations, tickets, printers"): each line's station, its own status there, when it was added and the allergens it declares; the guest's allergies; removed lines kept until their station has seen them; each station's timer thresholds.

-- Copied when ordered, like the line's name and price: a ticket already at the bar stays the bar's when the dish moves.
-- done_at: when its station bumped it (NULL: still to make). added_at: lines added later are add-ons.
-- allergens: the dish's declared allergens and its choices'; NULL when the dish declares none at all (never "safe").
ALTER TABLE order_lines ADD COLUMN station text;
ALTER TABLE order_lines ADD COLUMN added_at timestamptz;
ALTER TABLE order_lines ADD COLUMN done_at timestamptz;
ALTER TABLE order_lines ADD COLUMN allergens text[];

UPDATE order_lines l
SET station = coalesce(m.station, c.station, 'kitchen'),
    added_at = o.created_at,
    allergens = m.allergens,
    -- Lines of orders the kitchen has finished with are done; a cancelled order's are not waiting to be seen either.
    done_at = CASE WHEN o.status IN ('ready', 'served', 'cancelled') THEN o.status_changed_at END
FROM orders o, menu_items m
JOIN sub_categories s ON s.id = m.sub_category_id
JOIN categories c ON c.id = s.category_id
WHERE o.order_id = l.order_id AND m.id = l.menu_id;

ALTER TABLE order_lines ALTER COLUMN station SET DEFAULT 'kitchen';
ALTER TABLE order_lines ALTER COLUMN station SET NOT NULL;
ALTER TABLE order_lines ALTER COLUMN added_at SET DEFAULT now();
ALTER TABLE order_lines ALTER COLUMN added_at SET NOT NULL;

-- The station boards read only lines still to make.
CREATE INDEX order_lines_pending_idx ON order_lines (order_id, station) WHERE done_at IS NULL;

-- What the guest chose to tell the kitchen, from the 14 allergens.
ALTER TABLE orders ADD COLUMN allergies text[] NOT NULL DEFAULT '{}';

-- A line the guest removed: the station may have started it, so it shows struck through until the station bumps it.
CREATE TABLE removed_lines (
  line_id integer PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  menu_id integer NOT NULL,
  name text NOT NULL,
  quantity integer NOT NULL,
  note text NOT NULL DEFAULT '',
  choices jsonb NOT NULL DEFAULT '[]'::jsonb,
  station text NOT NULL,
  added_at timestamptz NOT NULL,
  removed_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX removed_lines_pending_idx ON removed_lines (order_id) WHERE done_at IS NULL;

-- A station's settings; a station without a row uses the defaults. warn/late: the ticket timer's thresholds in minutes;
-- parallel: how many tickets it makes at once (the guests' wait estimate divides its queue by it).
CREATE TABLE kitchen_stations (
  station text PRIMARY KEY CHECK (station ~ '^[a-z0-9][a-z0-9-]{0,29}$'),
  warn_minutes integer NOT NULL DEFAULT 8 CHECK (warn_minutes BETWEEN 1 AND 240),
  late_minutes integer NOT NULL DEFAULT 15 CHECK (late_minutes BETWEEN 2 AND 480 AND late_minutes > warn_minutes),
  parallel integer NOT NULL DEFAULT 4 CHECK (parallel BETWEEN 1 AND 50)
);
