-- A guest's replay after a reconnect reads only what its stream may see, never other guests' order events: the public events (menu…) by a partial index of the events without an order (writing an order's event costs nothing more), its order's by events_order_replay_idx (order_id, id), which makes 003's index on order_id alone redundant.
CREATE INDEX IF NOT EXISTS events_public_replay_idx ON events (type, id) WHERE order_id IS NULL;
DROP INDEX IF EXISTS events_order_idx;
