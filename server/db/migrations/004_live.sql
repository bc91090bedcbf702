-- Live events: one row per change guests or staff may follow, written in the same transaction as the change.
-- The console's migration (003) may have created the table already; this one works either way.

CREATE TABLE IF NOT EXISTS events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  order_id text NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Replaying one order's events after a reconnect (Last-Event-ID) reads them by order and id.
CREATE INDEX IF NOT EXISTS events_order_replay_idx ON events (order_id, id);

-- Ids must reach readers in commit order: a reader that has seen id 8 must never later find a 7 committed after
-- it. Each inserting statement first takes a transaction-scoped lock (per schema, so separate test schemas on one
-- server never wait for each other), so its id comes from the sequence only after the writer before it committed.
-- A statement-level BEFORE trigger runs before the rows, and so the ids' defaults, are made.
CREATE OR REPLACE FUNCTION events_take_turn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(TG_TABLE_SCHEMA || '.events'));
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS events_take_turn ON events;
CREATE TRIGGER events_take_turn BEFORE INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_take_turn();

-- NOTIFY is delivered at commit, to every process listening on this database: every writer fans out for free.
CREATE OR REPLACE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('amber_events', NEW.id::text);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS events_notify ON events;
CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_notify();
