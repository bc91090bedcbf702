-- A timestamp as the API writes it (JavaScript's toISOString: UTC, milliseconds, "Z"), for JSON built in SQL: the
-- order event written by the placing statement. A function, so the statement holds no "HH24:MI" that pgbench, which
-- runs the very same statement, would take for its variables.
CREATE OR REPLACE FUNCTION api_time(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
