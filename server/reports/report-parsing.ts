// The day report's request: its query and its date checked by the domain's rules, for the provider and the fake alike.
import { dayReportQuerySchema } from '../../contract/reports';
import type { Restaurant } from '../../contract/restaurant';
import { reportDateProblem } from '../../src/domain/report';
import { invalid } from '../api/provider-error';

export type DayReportQuery = ReturnType<typeof dayReportQuerySchema.parse>;

/** `date`, `format` and `view` from the query string (`query(name)` reads one), or the contract's 422 naming each. */
export function parseDayReportQuery(query: (name: string) => string | null | undefined): DayReportQuery {
  const raw = Object.fromEntries(
    (['date', 'format', 'view'] as const).flatMap((name) => {
      const value = query(name);
      return value === undefined || value === null ? [] : [[name, value]];
    }),
  );
  const parsed = dayReportQuerySchema.safeParse({ date: '', ...raw });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'date')] = issue.message;
    throw invalid('date must be a day such as 2026-03-28 (format json or csv; view lines or summary)', fields);
  }
  return parsed.data;
}

/** A real calendar date, and not after the restaurant's business day today; 422 otherwise. */
export function checkReportDate(date: string, restaurant: Restaurant, now: Date): void {
  const problem = reportDateProblem(date, now, {
    dayStartsAt: restaurant.day_starts_at,
    timeZone: restaurant.time_zone,
  });
  if (problem?.kind === 'not_a_date') throw invalid('date must be a day such as 2026-03-28', { date: 'not a date' });
  if (problem?.kind === 'not_started') {
    throw invalid(`That day has not started yet: the business day today is ${problem.today}`, {
      date: 'in the future',
    });
  }
}
