-- Whether an order came with its table's printed key: the per-table limit counts keyed and keyless orders apart, so a script ordering without keys (keys optional) cannot use up the allowance of guests who scanned the table's code.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS table_key_used boolean NOT NULL DEFAULT false;
