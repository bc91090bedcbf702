// The project's own constant lists written into SQL as literals, so the planner can match partial indexes on them.

/** `'a', 'b'` for an IN list. Only for the code's own constants (statuses), never for anything a client sends. */
export const sqlTextList = (values: readonly string[]): string =>
  values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
