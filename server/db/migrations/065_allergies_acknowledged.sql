-- A cook's acknowledgement of an order's allergies is the restaurant's record, not one tablet's: who read them and when
-- is kept with the order, so every kitchen screen (and a reload) knows, and an incident can be traced to the reading.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS allergies_acknowledged_at timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS allergies_acknowledged_by text;
