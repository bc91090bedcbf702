-- A NOTIFY serialises commits: PostgreSQL holds one lock from a notifying transaction's pre-commit until its commit
-- is on disk, so every order placed waited for the fsync of the one before (pgbench of the placing statement: ~180/s
-- with the notification, thousands without). The placing statement writes its event with notify = false; readers
-- also look for new events every few tens of milliseconds (server/live/live-hub.ts), so a new order still reaches the
-- staff board at once, and the rarer changes (kitchen moves, lines, menu) still wake every process straight away.
ALTER TABLE events ADD COLUMN IF NOT EXISTS notify boolean NOT NULL DEFAULT true;

DROP TRIGGER IF EXISTS events_notify ON events;
CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH ROW WHEN (NEW.notify) EXECUTE FUNCTION events_notify();
