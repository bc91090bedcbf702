-- Placing an order checks its dishes (available, hidden, hours, choices) against the menu, and building those entries
-- as JSON was about a tenth of PostgreSQL's work per order. Each provider process now keeps the entries it has read,
-- valid while this number stands: every statement that changes what the checks read bumps it, in its own transaction,
-- so an entry read with version N is exactly what any snapshot showing N holds.
CREATE TABLE menu_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL
);
-- Counting from the clock, not from 1: a database made again (or restored from another) does not reuse the numbers a
-- running process has cached entries under.
INSERT INTO menu_version (version) VALUES ((extract(epoch FROM clock_timestamp()) * 1000000)::bigint);

CREATE FUNCTION menu_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE menu_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER menu_items_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();
CREATE TRIGGER option_groups_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON option_groups
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();
CREATE TRIGGER option_choices_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON option_choices
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();
CREATE TRIGGER sub_categories_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sub_categories
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();
CREATE TRIGGER categories_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();
