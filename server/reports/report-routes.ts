// The day's figures over HTTP (contract v1.2): GET staff/reports/day?date=YYYY-MM-DD (manager), as JSON or CSV.
import type { Hono } from 'hono';
import type { Database } from '../db/database';
import { readRestaurant } from '../restaurant/restaurant-store';
import { requireStaff } from '../staff/staff-session';
import { dayLinesCsv, daySummaryCsv } from './report-csv';
import { parseDayReportQuery } from './report-parsing';
import { readDayLines, readDayReport } from './report-store';

export interface ReportRouteDeps {
  db: Database;
  now: () => Date;
}

export function addReportRoutes(api: Hono, { db, now }: ReportRouteDeps): void {
  api.get('/staff/reports/day', async (c) => {
    await requireStaff(db, c, now(), { role: 'manager', what: "read the day's figures" });
    const { date, format, view } = parseDayReportQuery((name) => c.req.query(name));
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
