// The fake provider's day report (contract v1.2 "The day's figures"): computed from the fake's own orders, seatings,
// payments and refunds by the domain's rules (src/domain/report.ts), answered in the provider's JSON and CSV shapes.
import { http, type HttpHandler } from 'msw';
import { dayReportSchema } from '../../contract/reports';
import type { Restaurant } from '../../contract/restaurant';
import { isFood } from '../../src/domain/bill';
import { dayFigures, type DayLine, type ReportOrder } from '../../src/domain/report';
import { rulesOf } from '../../server/bill/bill-view';
import { dayLinesCsv, daySummaryCsv, type DayLineRow } from '../../server/reports/report-csv';
import { checkReportDate, parseDayReportQuery } from '../../server/reports/report-parsing';
import { toDayReport } from '../../server/reports/report-view';
import type { FakePayment, FakeRefund } from './bill-handlers';
import type { StoredOrder } from './provider-handlers';
import type { FakeStaff, StaffAnswer, StaffRoute } from './staff-handlers';

export interface FakeReportContext {
  base: string;
  now: () => Date;
  staff: FakeStaff;
  restaurant: () => Restaurant;
  orders: () => readonly StoredOrder[];
  payments: () => readonly FakePayment[];
  refunds: () => readonly FakeRefund[];
  tableName: (tableId: number) => string | undefined;
  route: StaffRoute;
}

const noSchema = { parse: (value: unknown) => value };

function reportOrder(order: StoredOrder): ReportOrder {
  return {
    orderId: order.orderID,
    status: order.status,
    cancelReason: order.cancelReason ?? null,
    tableId: order.table_id,
    seatingId: order.seatingId ?? null,
    guest: order.guest ?? null,
    createdAt: order.createdAt,
    lines: order.lines.map((line) => ({
      lineId: line.line_id,
      menuId: line.menu_id,
      name: line.name,
      station: line.station,
      quantity: line.quantity,
      unitCents: line.priceCents,
      // As the fake's bill reads it: drinks are poured at the bar, everything else is food.
      food: isFood(line.station),
      addedAt: line.addedAt,
      doneAt: line.doneAt,
    })),
  };
}

/** A line of the day as the provider's SQL answers it for the CSV. */
function lineRow({ order, line, charges, seating }: DayLine, tableName: string | undefined): DayLineRow {
  return {
    order_id: order.orderId,
    ordered_at: order.createdAt.toISOString(),
    status: order.status,
    cancel_reason: order.cancelReason ?? '',
    table_name: tableName ?? String(order.tableId),
    seating_id: order.seatingId,
    guest: order.guest ?? '',
    line_id: line.lineId,
    menu_id: line.menuId,
    name: line.name,
    station: line.station,
    quantity: line.quantity,
    unit_price_cents: line.unitCents,
    sub: charges.subtotal,
    tax: charges.tax,
    service: charges.service,
    added_at: line.addedAt.toISOString(),
    done_at: line.doneAt?.toISOString() ?? null,
    paid_with_tips: seating?.paidWithTips ?? null,
    balance: seating?.balance ?? null,
  };
}

export function createReportHandlers(ctx: FakeReportContext): HttpHandler[] {
  return [
    http.get(
      `${ctx.base}/staff/reports/day`,
      ctx.route((request, url) => {
        ctx.staff.requireSession(request, 'manager', "read the day's figures");
        const { date, format, view } = parseDayReportQuery((name) => url.searchParams.get(name));
        const restaurant = ctx.restaurant();
        checkReportDate(date, restaurant, ctx.now());
        const { figures, lines } = dayFigures(
          date,
          { dayStartsAt: restaurant.day_starts_at, timeZone: restaurant.time_zone },
          rulesOf(restaurant),
          { orders: ctx.orders().map(reportOrder), payments: ctx.payments(), refunds: ctx.refunds() },
        );
        const report = toDayReport(date, figures);
        if (format !== 'csv') return { body: report, schema: dayReportSchema };
        const csv = (text: string, name: string): StaffAnswer => ({
          body: undefined,
          schema: noSchema,
          text,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="day-${date}-${name}.csv"`,
          },
        });
        if (view === 'summary') return csv(daySummaryCsv(report, restaurant), 'summary');
        const rows = lines.map((line) => lineRow(line, ctx.tableName(line.order.tableId)));
        return csv(dayLinesCsv(date, rows, restaurant), 'lines');
      }),
    ),
  ];
}
