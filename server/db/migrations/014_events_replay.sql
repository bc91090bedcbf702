-- A guest's replay after a reconnect reads the public events (menu…) by this index and its order's by events_order_replay_idx, never scanning other guests' order events: only events without an order are in it, so writing an order's event costs nothing more.
CREATE INDEX IF NOT EXISTS events_public_replay_idx ON events (type, id) WHERE order_id IS NULL;
