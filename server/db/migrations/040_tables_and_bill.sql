-- Tables that last and the bill (contract v1.2): printed keys outlive seatings, guests hold seating keys, shares, payments and refunds.

-- The table's own status column is no longer read: a table's status is derived from its seating, its requests and
-- `reserved` (set by staff). A removed table keeps its row (orders and payments point at it) but no guest sees it.
ALTER TABLE dining_tables ADD COLUMN area text;
ALTER TABLE dining_tables ADD COLUMN reserved boolean NOT NULL DEFAULT false;
ALTER TABLE dining_tables ADD COLUMN removed_at timestamptz;

-- Who ended a seating that still owed money, and why (a manager only).
ALTER TABLE seatings ADD COLUMN ended_by text;
ALTER TABLE seatings ADD COLUMN end_reason text;

-- Each phone that scans the code gets a key of its own to the seating; only its SHA-256 is kept.
CREATE TABLE seating_keys (
  key_hash text PRIMARY KEY,
  seating_id bigint NOT NULL REFERENCES seatings (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seating_keys_seating_idx ON seating_keys (seating_id);

-- A request belongs to the party that made it, and says when staff answered "on my way".
ALTER TABLE service_requests ADD COLUMN seating_id bigint REFERENCES seatings (id);
ALTER TABLE service_requests ADD COLUMN acknowledged_at timestamptz;
ALTER TABLE service_requests ADD COLUMN acknowledged_by text;

-- Events for one seating's phones (`bill`): only streams holding that seating's key receive them.
ALTER TABLE events ADD COLUMN seating_id bigint;
CREATE INDEX events_seating_replay_idx ON events (seating_id, id) WHERE seating_id IS NOT NULL;

-- A guest's part of the bill, paid through a payment provider. Amounts in cents. An open share holds its lines and
-- its amount until expires_at; `provider_ref` is the provider's own id (a Stripe PaymentIntent).
CREATE TABLE bill_shares (
  id serial PRIMARY KEY,
  seating_id bigint NOT NULL REFERENCES seatings (id),
  kind text NOT NULL CHECK (kind IN ('items', 'equal', 'amount')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  tip_cents integer NOT NULL DEFAULT 0 CHECK (tip_cents >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'failed', 'expired')),
  provider text NOT NULL,
  provider_ref text,
  next_step text,
  decline_code text,
  split_parts integer,
  split_part integer,
  split_base_cents integer,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  UNIQUE (seating_id, idempotency_key)
);
CREATE INDEX bill_shares_seating_idx ON bill_shares (seating_id);
CREATE UNIQUE INDEX bill_shares_provider_ref_idx ON bill_shares (provider, provider_ref) WHERE provider_ref IS NOT NULL;

-- The units of lines an items share claims. A unit is claimed by one live (open or paid) share at most: the unique
-- index arbitrates two phones paying the same dish, whatever the code above it does. A removed line takes its
-- claims with it (the money stays in payments, and the balance says a refund is owed).
CREATE TABLE bill_share_units (
  share_id integer NOT NULL REFERENCES bill_shares (id),
  line_id integer NOT NULL REFERENCES order_lines (line_id) ON DELETE CASCADE,
  unit integer NOT NULL CHECK (unit > 0),
  live boolean NOT NULL DEFAULT true,
  PRIMARY KEY (share_id, line_id, unit)
);
CREATE UNIQUE INDEX bill_share_units_live_idx ON bill_share_units (line_id, unit) WHERE live;

-- Money into a seating: at the till (taken_by names who), or a share paid through a provider. A share is paid once:
-- its unique share_id makes a second payment row for it impossible.
CREATE TABLE payments (
  id serial PRIMARY KEY,
  seating_id bigint NOT NULL REFERENCES seatings (id),
  method text NOT NULL CHECK (method IN ('cash', 'card', 'other', 'demo', 'stripe')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  tip_cents integer NOT NULL DEFAULT 0 CHECK (tip_cents >= 0),
  share_id integer UNIQUE REFERENCES bill_shares (id),
  taken_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_seating_idx ON payments (seating_id);
CREATE INDEX payments_created_idx ON payments (created_at);

CREATE TABLE refunds (
  id serial PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES payments (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL,
  refunded_by text NOT NULL,
  provider_ref text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_payment_idx ON refunds (payment_id);

-- Payment providers' events already handled (Stripe sends an event more than once): one row each.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The front of house: waiters see the floor and keep the till.
ALTER TABLE staff_accounts DROP CONSTRAINT IF EXISTS staff_accounts_role_check;
ALTER TABLE staff_accounts ADD CONSTRAINT staff_accounts_role_check CHECK (role IN ('kitchen', 'waiter', 'manager'));
