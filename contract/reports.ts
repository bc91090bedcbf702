// The day's figures (contract v1.2 "The day's figures"): staff-only, a manager's. Money as decimal numbers in the
// restaurant's currency, computed in cents by the bill's rules (src/domain/bill.ts).
import * as z from 'zod/mini';

/** A calendar date, YYYY-MM-DD: a business day, which runs from the restaurant's `day_starts_at` to the next. */
export const reportDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-03-28'));

export const dayReportQuerySchema = z.object({
  date: reportDateSchema,
  /** `csv`: the day as a spreadsheet (UTF-8 with a byte-order mark); JSON otherwise. */
  format: z.optional(z.enum(['json', 'csv'])),
  /** With `format=csv`: one row per order line (`lines`, the default) or one per figure (`summary`). */
  view: z.optional(z.enum(['lines', 'summary'])),
});

/** A day's sum: at least 0, at most two decimals, and no ceiling (a share's limit is not a day's). */
const moneySchema = z.number().check(
  z.minimum(0),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals'),
);
const countSchema = z.number().check(z.int(), z.nonnegative());
const minutesSchema = z.number().check(z.nonnegative());

export const dayReportSchema = z.object({
  date: reportDateSchema,
  /** Orders placed in the business day and not cancelled. */
  orders: countSchema,
  /** Parties served: the seatings those orders belong to (an order without a seating counts as one). */
  covers: countSchema,
  /** Orders placed that day and cancelled, by the reason given (`""` when none was). */
  cancelled: z.object({ count: countSchema, by_reason: z.record(z.string(), countSchema) }),
  sales: z.object({
    subtotal: moneySchema,
    tax: moneySchema,
    service_charge: moneySchema,
    tips: moneySchema,
    total: moneySchema,
  }),
  /** Money taken that day (amounts with their tips), by method. */
  payments: z.record(z.string(), moneySchema),
  /** Money given back that day. */
  refunds: moneySchema,
  /** What the day's seatings still owe (tables not settled), never below 0 per seating. */
  open_balance: moneySchema,
  by_dish: z.array(
    z.object({ menu_id: z.number().check(z.int()), name: z.string(), quantity: countSchema, sales: moneySchema }),
  ),
  /** Hours of the restaurant's clock (0–23) with orders, in the business day's order (from `day_starts_at`). */
  by_hour: z.array(
    z.object({ hour: z.number().check(z.int(), z.minimum(0), z.maximum(23)), orders: countSchema, sales: moneySchema }),
  ),
  /** Minutes from a line reaching its station to its station bumping it, per station. */
  ticket_minutes: z.record(z.string(), z.object({ p50: minutesSchema, p90: minutesSchema })),
});
export type DayReport = z.output<typeof dayReportSchema>;

/** The CSV's columns, one row per order line of the day (docs/figures.md says what each holds). */
export const DAY_CSV_COLUMNS = [
  'business_date',
  'order_id',
  'ordered_at',
  'status',
  'cancel_reason',
  'table',
  'seating_id',
  'guest',
  'line_id',
  'menu_id',
  'dish',
  'station',
  'quantity',
  'unit_price',
  'subtotal',
  'tax',
  'service_charge',
  'added_at',
  'done_at',
  'seating_paid',
  'seating_balance',
] as const;
