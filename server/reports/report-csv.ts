// The day's figures as CSV for an accountant's spreadsheet: UTF-8 with a byte-order mark (so Excel reads it as UTF-8),
// amounts with the restaurant's decimal separator, fields split by `;` where that separator is a comma, ISO times.
import { DAY_CSV_COLUMNS, type DayReport } from '../../contract/reports';
import type { Restaurant } from '../../contract/restaurant';

type Cents = number | string | bigint;

/** One order line of the day as the CSV holds it (the provider's SQL answers these; the fake builds them). */
export interface DayLineRow {
  order_id: string;
  ordered_at: string;
  status: string;
  cancel_reason: string;
  table_name: string;
  seating_id: Cents | null;
  guest: string;
  line_id: number;
  menu_id: number;
  name: string;
  station: string;
  quantity: number;
  unit_price_cents: number;
  sub: Cents;
  tax: Cents;
  service: Cents;
  added_at: string;
  done_at: string | null;
  paid_with_tips: Cents | null;
  balance: Cents | null;
}

export interface CsvStyle {
  decimal: string;
  separator: string;
}

/** The locale's decimal separator (`,` in es-ES and de-DE, `.` in en-GB) and a field separator that does not clash. */
export function csvStyleOf(locale: string): CsvStyle {
  let decimal = '.';
  try {
    decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    // A locale the runtime does not know: the plain style.
  }
  return { decimal, separator: decimal === ',' ? ';' : ',' };
}

type Cell = string | number | bigint | null | undefined;

/** A text cell: quoted when it holds a separator, quote or line break; a leading = + - @ made inert for spreadsheets. */
function text(value: string, style: CsvStyle): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(inert) || inert.includes(style.separator) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** Cents as an amount with two decimals and the locale's separator: 1234 → 12,34. */
export function centsText(cents: number | string | bigint, style: CsvStyle): string {
  const value = Number(cents);
  const sign = value < 0 ? '-' : '';
  const whole = Math.abs(value);
  return `${sign}${Math.floor(whole / 100)}${style.decimal}${String(whole % 100).padStart(2, '0')}`;
}

function rows(header: readonly string[], body: readonly (readonly Cell[])[], style: CsvStyle): string {
  const line = (cells: readonly Cell[]) =>
    cells
      .map((cell) =>
        cell === null || cell === undefined ? '' : typeof cell === 'string' ? text(cell, style) : String(cell),
      )
      .join(style.separator);
  return `\uFEFF${[line(header), ...body.map(line)].join('\r\n')}\r\n`;
}

/** One row per order line of the day (docs/figures.md names each column). */
export function dayLinesCsv(date: string, lines: readonly DayLineRow[], restaurant: Restaurant): string {
  const style = csvStyleOf(restaurant.locale);
  const amount = (cents: number | string | bigint | null) => (cents === null ? '' : { raw: centsText(cents, style) });
  const body = lines.map((line) =>
    [
      date,
      line.order_id,
      line.ordered_at,
      line.status,
      line.cancel_reason,
      line.table_name,
      line.seating_id === null ? null : Number(line.seating_id),
      line.guest,
      line.line_id,
      line.menu_id,
      line.name,
      line.station,
      line.quantity,
      amount(line.unit_price_cents),
      amount(line.sub),
      amount(line.tax),
      amount(line.service),
      line.added_at,
      line.done_at,
      amount(line.paid_with_tips),
      amount(line.balance),
    ].map((cell) => (typeof cell === 'object' && cell !== null ? (cell as { raw: string }).raw : cell)),
  );
  return rows(
    DAY_CSV_COLUMNS,
    body.map((cells) => cells.map((cell) => cell as Cell)),
    style,
  );
}

/** The summary: one figure a row (`figure`, `key`, `value`), the same figures as the JSON answer. */
export function daySummaryCsv(report: DayReport, restaurant: Restaurant): string {
  const style = csvStyleOf(restaurant.locale);
  const amount = (value: number) => centsText(Math.round(value * 100), style);
  const number = (value: number) => String(value).replace('.', style.decimal);
  const body: Cell[][] = [
    ['date', '', report.date],
    ['orders', '', report.orders],
    ['covers', '', report.covers],
    ['cancelled', '', report.cancelled.count],
    ...Object.entries(report.cancelled.by_reason).map(([reason, count]) => ['cancelled_by_reason', reason, count]),
    ...Object.entries(report.sales).map(([key, value]) => ['sales', key, amount(value)]),
    ...Object.entries(report.payments).map(([method, value]) => ['payments', method, amount(value)]),
    ['refunds', '', amount(report.refunds)],
    ['open_balance', '', amount(report.open_balance)],
    ...report.by_hour.flatMap(({ hour, orders, sales }) => {
      const at = `${String(hour).padStart(2, '0')}:00`;
      return [
        ['orders_by_hour', at, orders],
        ['sales_by_hour', at, amount(sales)],
      ];
    }),
    ...report.by_dish.flatMap(({ name, quantity, sales }) => [
      ['quantity_by_dish', name, quantity],
      ['sales_by_dish', name, amount(sales)],
    ]),
    ...Object.entries(report.ticket_minutes).flatMap(([station, { p50, p90 }]) => [
      ['ticket_minutes_p50', station, number(p50)],
      ['ticket_minutes_p90', station, number(p90)],
    ]),
  ];
  return rows(['figure', 'key', 'value'], body, style);
}
