// The day's figures as data (contract v1.2 "The day's figures"): a manager's, as JSON or as CSV.
import { dayReportQuerySchema, dayReportSchema } from '../reports';
import { error, notManager, signedOut } from './answers';
import { operations } from './operation';

export const reportOperations = operations([
  {
    operationId: 'getDayReport',
    method: 'get',
    path: '/staff/reports/day',
    summary:
      'The day’s figures: orders, covers, cancellations, sales, payments, open balance, dishes, hours, ticket times',
    description:
      'The business day runs from the restaurant’s `day_starts_at` on `date` to the same time the next day, in its `time_zone` (a day when the clocks change is 23 or 25 hours). Computed by SQL from the orders, lines, seatings, payments and refunds, in cents by the bill’s rules, so a seating’s bill and the report agree to the cent. A day with nothing answers zeros. `format=csv` answers `text/csv` (UTF-8 with a byte-order mark, the restaurant’s decimal separator, `;` between fields where that separator is a comma, ISO times): one row per order line, or one per figure with `view=summary` (docs/figures.md).',
    since: '1.2',
    access: ['manager'],
    tags: ['reports'],
    query: dayReportQuerySchema,
    responses: {
      200: { description: 'The day’s figures (or, with `format=csv`, the CSV).', schema: dayReportSchema },
      401: signedOut,
      403: notManager,
      422: error('`date` is not a date, or a business day that has not started yet; or an unknown `format` or `view`.'),
    },
  },
]);
