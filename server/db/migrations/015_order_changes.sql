-- Guests' changes to an order (lines added or removed) are counted on its row, per minute and in all, so one script looping add and remove is refused instead of filling every kitchen screen and the events table.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS changes integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS changes_window_at timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS changes_in_window integer NOT NULL DEFAULT 0;
