-- Event writers no longer take turns. 004's lock made ids reach readers in commit order, but a lock is held until
-- the commit is on disk, so every transaction writing an event (every order placed) waited for the fsync of the one
-- before: about 400 orders/s at most on a disk that commits 6,000 unserialised transactions/s. Readers now put the
-- ids back in order themselves (server/live/live-hub.ts): an id missing below a visible one belongs to a transaction
-- that was still running when it was read, and is waited for until every such transaction has ended.
-- For that argument a writer must hold its transaction id before it takes an event id: this statement-level BEFORE
-- trigger runs before the rows' defaults (nextval) are made, and makes sure the transaction has its id.
CREATE OR REPLACE FUNCTION events_take_turn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_current_xact_id();
  RETURN NULL;
END;
$$;
