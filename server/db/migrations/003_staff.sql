-- The restaurant's side: staff accounts and their sessions, cancel reasons, and an event log (table keys: 002).

-- Passwords only as scrypt hashes with a salt of their own (scrypt$N$r$p$salt$hash, base64url).
CREATE TABLE staff_accounts (
  name text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('kitchen', 'manager')),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only a hash of each session's token is kept, so a copy of the database signs nobody in.
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_name text NOT NULL REFERENCES staff_accounts (name) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_name_idx ON staff_sessions (staff_name);
CREATE INDEX staff_sessions_expiry_idx ON staff_sessions (expires_at);

ALTER TABLE orders ADD COLUMN IF NOT EXISTS cancel_reason text;

-- Written in the same transaction as each change it records (status, cancel, availability), so live streams
-- can be fed from it later without ever missing or inventing a change.
CREATE TABLE events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  order_id text REFERENCES orders (order_id) ON DELETE CASCADE,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_order_idx ON events (order_id);
