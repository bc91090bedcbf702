-- Printed tickets (contract v1.2): the stations' ESC/POS printers and the print jobs written with each order, sent by a worker after the order commits, so no order ever waits on a printer.

CREATE TABLE printers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  station text NOT NULL CHECK (station ~ '^[a-z0-9][a-z0-9-]{0,29}$'),
  host text NOT NULL,
  port integer NOT NULL DEFAULT 9100 CHECK (port BETWEEN 1 AND 65535),
  width integer NOT NULL DEFAULT 80 CHECK (width IN (58, 80)),
  -- Where its jobs go after repeated failures; a removed backup leaves none.
  backup_id integer REFERENCES printers (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- What the worker last saw of it, for the console.
  last_ok_at timestamptz,
  last_error text,
  last_error_at timestamptz
);
CREATE INDEX printers_station_idx ON printers (station, id);

-- One ticket: an order's lines at one station (all of them when placed; the new ones for an addition). The worker
-- renders it when it sends it. waiting → sending (claimed until claimed_until, so a process that died mid-send gives
-- it back) → sent; a failure puts it back to waiting with a later next_attempt_at; too old to be useful: expired.
CREATE TABLE print_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  station text NOT NULL,
  line_ids integer[] NOT NULL,
  kind text NOT NULL CHECK (kind IN ('order', 'addition')),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'sending', 'sent', 'expired')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  -- The printer it was last sent to or tried on.
  printer_id integer REFERENCES printers (id) ON DELETE SET NULL,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
-- The worker's claim reads only unfinished jobs, whatever the history.
CREATE INDEX print_jobs_due_idx ON print_jobs (next_attempt_at, id) WHERE status IN ('waiting', 'sending');
CREATE INDEX print_jobs_recent_idx ON print_jobs (created_at DESC, id DESC);
