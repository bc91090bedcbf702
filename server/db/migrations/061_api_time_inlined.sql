-- api_time (010) was declared IMMUTABLE, but its body's to_char is only STABLE, and PostgreSQL inlines a SQL function
-- only when its body is no more volatile than it says. So it ran as a function call at every use: six times in each
-- order's live event, about a tenth of a millisecond of the placing statement, and once per timestamp in every answer
-- built in SQL. Declared STABLE, as its body is, it is inlined into the statements that use it.
ALTER FUNCTION api_time(timestamptz) STABLE;
