-- The sign-in throttle's counts, shared by every provider process (in memory each process allowed its own): one row per account name, client address or known device, locked while an attempt is reserved.
CREATE TABLE IF NOT EXISTS sign_in_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL
);
-- Counts idle for longer than the forget window are swept by last_at.
CREATE INDEX IF NOT EXISTS sign_in_throttle_last_idx ON sign_in_throttle (last_at);
