// The day's figures' rules: the business day as PostgreSQL reads the restaurant's clock, ticket-time percentiles, and
// a whole day from plain records to the cent.
import { describe, expect, it } from 'vitest';
import { lineCharges, type BillRules } from '../../../src/domain/bill';
import {
  businessDateOf,
  businessDay,
  dayFigures,
  hourOf,
  instantOfWallClock,
  percentileCont,
  reportDateProblem,
  roundMinutes,
  type ReportLine,
  type ReportOrder,
} from '../../../src/domain/report';

const MADRID = { dayStartsAt: '04:00', timeZone: 'Europe/Madrid' };
const wall = (reading: string) => Date.parse(`${reading}Z`);
const at = (iso: string) => new Date(iso);

describe('the business day', () => {
  it('runs from day_starts_at to day_starts_at: 23 hours the night the clocks go forward, 25 when they go back', () => {
    expect(businessDay('2026-03-28', MADRID)).toEqual({
      start: at('2026-03-28T03:00:00Z'),
      end: at('2026-03-29T02:00:00Z'),
    });
    expect(businessDay('2026-10-24', MADRID)).toEqual({
      start: at('2026-10-24T02:00:00Z'),
      end: at('2026-10-25T03:00:00Z'),
    });
    expect(businessDay('2026-06-01', { dayStartsAt: '00:00', timeZone: 'UTC' })).toEqual({
      start: at('2026-06-01T00:00:00Z'),
      end: at('2026-06-02T00:00:00Z'),
    });
  });

  it('reads a skipped time with the offset from before the change and a repeated one as the later, as PostgreSQL does', () => {
    // Each expectation is what `(date + time) AT TIME ZONE zone` answers in PostgreSQL.
    const cases: [string, string, string][] = [
      ['2026-03-29T02:30:00', 'Europe/Madrid', '2026-03-29T01:30:00Z'],
      ['2026-10-25T02:30:00', 'Europe/Madrid', '2026-10-25T01:30:00Z'],
      ['2026-03-08T02:30:00', 'America/New_York', '2026-03-08T07:30:00Z'],
      ['2026-11-01T01:30:00', 'America/New_York', '2026-11-01T06:30:00Z'],
      ['2026-04-05T02:30:00', 'Australia/Sydney', '2026-04-04T16:30:00Z'],
      ['2026-10-04T02:30:00', 'Australia/Sydney', '2026-10-03T16:30:00Z'],
      ['2026-09-06T00:00:00', 'America/Santiago', '2026-09-06T04:00:00Z'],
    ];
    for (const [reading, zone, instant] of cases) {
      expect(new Date(instantOfWallClock(wall(reading), zone)).toISOString(), `${reading} ${zone}`).toBe(
        new Date(instant).toISOString(),
      );
    }
  });

  it('an order at 00:40 belongs to the evening before; hours are the restaurant’s clock', () => {
    expect(businessDateOf(at('2026-03-28T23:40:00Z'), MADRID)).toBe('2026-03-28');
    expect(businessDateOf(at('2026-03-29T01:59:00Z'), MADRID)).toBe('2026-03-28');
    expect(businessDateOf(at('2026-03-29T02:00:00Z'), MADRID)).toBe('2026-03-29');
    expect(hourOf(at('2026-03-28T23:40:00Z'), 'Europe/Madrid')).toBe(0);
    expect(hourOf(at('2026-03-29T01:30:00Z'), 'Europe/Madrid')).toBe(3);
  });

  it('refuses a date that is not one, and a day that has not started yet', () => {
    const now = at('2026-03-29T01:00:00Z');
    for (const date of ['yesterday', '2026-02-30', '2026-13-01', '2026-00-10', '2026-3-28', '', '1999-12-31']) {
      expect(reportDateProblem(date, now, MADRID), date).toEqual({ kind: 'not_a_date' });
    }
    expect(reportDateProblem('2026-03-29', now, MADRID)).toEqual({ kind: 'not_started', today: '2026-03-28' });
    expect(reportDateProblem('2026-03-28', now, MADRID)).toBeNull();
    expect(reportDateProblem('2024-02-29', now, MADRID)).toBeNull();
  });
});

describe('ticket times', () => {
  it('are percentile_cont of the minutes, to one decimal', () => {
    expect(percentileCont([12, 12, 8, 20], 0.5)).toBe(12);
    expect(roundMinutes(percentileCont([12, 12, 8, 20], 0.9))).toBe(17.6);
    expect(percentileCont([5], 0.9)).toBe(5);
    expect(roundMinutes(percentileCont([1, 2], 0.5))).toBe(1.5);
  });
});

describe('a whole day', () => {
  const RULES: BillRules = { tax: { rate: 0.1, included: false }, serviceCharge: { rate: 0.1, appliesTo: 'food' } };
  const line = (lineId: number, menuId: number, name: string, quantity: number, unitCents: number, food = true) =>
    ({
      lineId,
      menuId,
      name,
      station: food ? 'kitchen' : 'bar',
      quantity,
      unitCents,
      food,
      addedAt: at('2026-03-28T20:30:00Z'),
      doneAt: null,
    }) satisfies ReportLine;
  const order = (orderId: string, createdAt: string, lines: ReportLine[], more: Partial<ReportOrder> = {}) =>
    ({
      orderId,
      status: 'served',
      cancelReason: null,
      tableId: 5,
      seatingId: 1,
      guest: null,
      createdAt: at(createdAt),
      lines,
      ...more,
    }) satisfies ReportOrder;

  it('counts the day’s orders to the cent, leaves cancelled ones and other days out, and ranks dishes and hours', () => {
    const dinner = order('A', '2026-03-28T20:30:00Z', [
      { ...line(1, 33, 'Margherita', 2, 1150), doneAt: at('2026-03-28T20:42:00Z') },
      { ...line(2, 58, 'Cola', 1, 320, false), doneAt: at('2026-03-28T20:42:00Z') },
    ]);
    const late = order('B', '2026-03-28T23:40:00Z', [line(3, 33, 'Pizza Margherita', 1, 1150)], { seatingId: 2 });
    const cancelled = order('C', '2026-03-28T21:00:00Z', [line(4, 47, 'Tiramisu', 2, 750)], {
      status: 'cancelled',
      cancelReason: 'guest left',
    });
    const tomorrow = order('D', '2026-03-29T02:10:00Z', [line(5, 47, 'Tiramisu', 1, 750)]);
    const { figures, lines } = dayFigures('2026-03-28', MADRID, RULES, {
      orders: [dinner, late, cancelled, tomorrow],
      payments: [
        {
          id: 1,
          seatingId: 1,
          method: 'cash',
          amountCents: 1000,
          tipCents: 200,
          createdAt: at('2026-03-28T22:00:00Z'),
        },
        { id: 2, seatingId: 1, method: 'card', amountCents: 500, tipCents: 0, createdAt: at('2026-03-27T22:00:00Z') },
      ],
      refunds: [{ paymentId: 1, amountCents: 100, createdAt: at('2026-03-28T22:30:00Z') }],
    });

    const pizzas = lineCharges(2300, true, RULES);
    const cola = lineCharges(320, false, RULES);
    const third = lineCharges(1150, true, RULES);
    const tiramisu = lineCharges(750, true, RULES);
    // Seating 1 owes on all its orders, any day: dinner and tomorrow's tiramisu; it paid 1000 + 500, 100 came back.
    const seatingOne = pizzas.due + cola.due + tiramisu.due - (1500 - 100);
    expect(figures).toEqual({
      orders: 2,
      covers: 2,
      cancelled: { count: 1, byReason: { 'guest left': 1 } },
      subtotal: 2300 + 320 + 1150,
      tax: pizzas.tax + cola.tax + third.tax,
      service: pizzas.service + third.service,
      due: pizzas.due + cola.due + third.due,
      tips: 200,
      payments: { cash: 1200 },
      refunds: 100,
      openBalance: seatingOne + third.due,
      byDish: [
        { menuId: 33, name: 'Pizza Margherita', quantity: 3, cents: 3450 },
        { menuId: 58, name: 'Cola', quantity: 1, cents: 320 },
      ],
      byHour: [
        { hour: 21, orders: 1, cents: 2620 },
        { hour: 0, orders: 1, cents: 1150 },
      ],
      ticketMinutes: { bar: { p50: 12, p90: 12 }, kitchen: { p50: 12, p90: 12 } },
    });
    expect(lines.map((one) => [one.order.orderId, one.line.lineId, one.charges.subtotal])).toEqual([
      ['A', 1, 2300],
      ['A', 2, 320],
      ['C', 4, 0],
      ['B', 3, 1150],
    ]);
    expect(lines[0]?.seating).toEqual({ paidWithTips: 1500 + 200 - 100, balance: seatingOne });
  });

  it('a day with nothing is zeros', () => {
    const { figures, lines } = dayFigures('2020-01-01', MADRID, RULES, { orders: [], payments: [], refunds: [] });
    expect(lines).toEqual([]);
    expect(figures).toMatchObject({ orders: 0, covers: 0, subtotal: 0, openBalance: 0, byDish: [], byHour: [] });
  });
});
