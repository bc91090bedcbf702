// The day's figures over HTTP (contract v1.2): GET staff/reports/day?date=YYYY-MM-DD (manager), as JSON or CSV.
import type { Hono } from 'hono';
import { dayReportQuerySchema } from '../../contract/reports';
import { invalid } from '../api/provider-error';
import type { Database } from '../db/database';
import { readRestaurant } from '../restaurant/restaurant-store';
import { requireStaff } from '../staff/staff-session';
import { dayLinesCsv, daySummaryCsv } from './report-csv';
import { readDayLines, readDayReport } from './report-store';

export interface ReportRouteDeps {
  db: Database;
  now: () => Date;
}

export function addReportRoutes(api: Hono, { db, now }: ReportRouteDeps): void {
  api.get('/staff/reports/day', async (c) => {
    await requireStaff(db, c, now(), { role: 'manager', what: "read the day's figures" });
    const raw = Object.fromEntries(
      (['date', 'format', 'view'] as const).flatMap((name) => {
        const value = c.req.query(name);
        return value === undefined ? [] : [[name, value]];
      }),
    );
    const query = dayReportQuerySchema.safeParse({ date: '', ...raw });
    if (!query.success) {
      const fields: Record<string, string> = {};
      for (const issue of query.error.issues) fields[String(issue.path[0] ?? 'date')] = issue.message;
      throw invalid('date must be a day such as 2026-03-28 (format json or csv; view lines or summary)', fields);
    }
    const { date, format, view } = query.data;
    if (format !== 'csv') return c.json(await readDayReport(db, date, now()));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    if (view === 'summary') {
      const report = await readDayReport(db, date, now());
      c.header('Content-Disposition', `attachment; filename="day-${date}-summary.csv"`);
      return c.body(daySummaryCsv(report, await readRestaurant(db)));
    }
    const { restaurant, lines } = await readDayLines(db, date, now());
    c.header('Content-Disposition', `attachment; filename="day-${date}-lines.csv"`);
    return c.body(dayLinesCsv(date, lines, restaurant));
  });
}
