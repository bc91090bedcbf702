-- A guest may cancel their own open share from their phone (contract v1.2 cancelShare): its lines are free at once,
-- and the share stays, as `cancelled`, so the bill and the floor still show what was started and given up.
ALTER TABLE bill_shares DROP CONSTRAINT IF EXISTS bill_shares_status_check;
ALTER TABLE bill_shares ADD CONSTRAINT bill_shares_status_check
  CHECK (status IN ('open', 'paid', 'failed', 'expired', 'cancelled'));
