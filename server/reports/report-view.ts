// From the day's figures in cents (src/domain/report.ts) to the contract's DayReport: one view for the provider and the fake.
import type { DayReport } from '../../contract/reports';
import { fromCents } from '../../src/domain/money';
import { roundMinutes, type DayFigures } from '../../src/domain/report';

const amounts = (record: Record<string, number>) =>
  Object.fromEntries(Object.entries(record).map(([key, cents]) => [key, fromCents(cents)]));

export function toDayReport(date: string, figures: DayFigures): DayReport {
  return {
    date,
    orders: figures.orders,
    covers: figures.covers,
    cancelled: { count: figures.cancelled.count, by_reason: figures.cancelled.byReason },
    sales: {
      subtotal: fromCents(figures.subtotal),
      tax: fromCents(figures.tax),
      service_charge: fromCents(figures.service),
      tips: fromCents(figures.tips),
      total: fromCents(figures.due + figures.tips),
    },
    payments: amounts(figures.payments),
    refunds: fromCents(figures.refunds),
    open_balance: fromCents(figures.openBalance),
    by_dish: figures.byDish.map(({ menuId, name, quantity, cents }) => ({
      menu_id: menuId,
      name,
      quantity,
      sales: fromCents(cents),
    })),
    by_hour: figures.byHour.map(({ hour, orders, cents }) => ({ hour, orders, sales: fromCents(cents) })),
    ticket_minutes: Object.fromEntries(
      Object.entries(figures.ticketMinutes).map(([station, { p50, p90 }]) => [
        station,
        { p50: roundMinutes(p50), p90: roundMinutes(p90) },
      ]),
    ),
  };
}
