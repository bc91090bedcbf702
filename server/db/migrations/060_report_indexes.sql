-- The day's figures (contract v1.2): the report reads a day's orders by orders_recent_idx (created_at) and its payments
-- by payments_created_idx; refunds had no index on when they were given, so a day's refunds read them all.
CREATE INDEX IF NOT EXISTS refunds_created_idx ON refunds (created_at);
