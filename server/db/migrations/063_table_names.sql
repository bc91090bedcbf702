-- Two tables of one name (case and spaces aside) cannot be told apart on the floor or in a guest's picker: the database refuses a second.

-- Tables already named alike keep the oldest one's name; each later one (by id) takes the first free " (2)", " (3)"…,
-- shortened to stay within the 40 characters of a name, so the index below can be made on any existing data.
DO $$
DECLARE
  twin record;
  n integer;
  candidate text;
BEGIN
  -- The cursor's snapshot is taken once: the names given in the loop do not make new twins of their own.
  FOR twin IN
    SELECT d.id, btrim(regexp_replace(d.name, '[[:space:]]+', ' ', 'g')) AS name FROM dining_tables d
    WHERE d.removed_at IS NULL AND EXISTS (
      SELECT 1 FROM dining_tables e
      WHERE e.removed_at IS NULL AND e.id < d.id
        AND lower(btrim(regexp_replace(e.name, '[[:space:]]+', ' ', 'g')))
          = lower(btrim(regexp_replace(d.name, '[[:space:]]+', ' ', 'g'))))
    ORDER BY d.id
  LOOP
    n := 2;
    LOOP
      candidate := left(twin.name, 40 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM dining_tables e
        WHERE e.removed_at IS NULL
          AND lower(btrim(regexp_replace(e.name, '[[:space:]]+', ' ', 'g'))) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE dining_tables SET name = candidate WHERE id = twin.id;
  END LOOP;
END $$;

-- The expression is the provider's TABLE_NAME_KEY_SQL (server/tables/table-names.ts): both must stay the same.
CREATE UNIQUE INDEX dining_tables_name_key ON dining_tables (lower(btrim(regexp_replace(name, '[[:space:]]+', ' ', 'g'))))
  WHERE removed_at IS NULL;
