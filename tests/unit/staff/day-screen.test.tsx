// The manager's Day screen: the chart of orders and sales by hour is a picture named for what it shows and pointing at
// the table of the same figures, which screen readers read instead; its hours run from the first order to the last.
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DayReport } from '../../../contract/reports';
import { clockHours } from '../../../src/ui/staff/hour-chart';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider } from './support';

const { provider, server } = consoleProvider();

const day = (date: string): DayReport => ({
  date,
  orders: 3,
  covers: 2,
  cancelled: { count: 0, by_reason: {} },
  sales: { subtotal: 54, tax: 0, service_charge: 0, tips: 0, total: 54 },
  payments: {},
  refunds: 0,
  open_balance: 54,
  by_dish: [{ menu_id: 1, name: 'Margherita', quantity: 3, sales: 36 }],
  by_hour: [
    { hour: 23, orders: 2, sales: 36 },
    { hour: 0, orders: 1, sales: 18 },
  ],
  ticket_minutes: {},
});

describe('the Day screen', () => {
  it('shows the hours as a chart named for the table beside it, and the table of the same figures', async () => {
    // The fake has no orders here: this day, with hours across midnight, stands in for its empty one.
    server.use(
      http.get(`${API}/staff/reports/day`, ({ request }) =>
        HttpResponse.json(day(new URL(request.url).searchParams.get('date') ?? '2026-03-28')),
      ),
    );
    provider.staff.signInBrowser('manager');
    renderApp('/staff/day');
    await screen.findByRole('heading', { level: 1, name: 'The day’s figures' });

    const chart = await screen.findByRole('img', {
      name: 'Chart of sales by hour (bars) and orders by hour (line); the table below has the same figures',
    });
    // The chart's legend says which marks are which.
    expect(within(chart).getByText('Dish sales')).toBeInTheDocument();
    expect(within(chart).getByText('Orders')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Orders and sales by hour' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Hour', 'Orders', 'Dish sales (menu prices)'],
      ['23:00', '2', '$36.00'],
      ['00:00', '1', '$18.00'],
    ]);
  });

  it('names each of the day’s tables for a screen reader, and each row by its dish or payment', async () => {
    server.use(
      http.get(`${API}/staff/reports/day`, ({ request }) =>
        HttpResponse.json(day(new URL(request.url).searchParams.get('date') ?? '2026-03-28')),
      ),
    );
    provider.staff.signInBrowser('manager');
    renderApp('/staff/day');

    const dishes = await screen.findByRole('table', { name: 'Dishes sold' });
    expect(within(dishes).getByRole('rowheader', { name: 'Margherita' })).toBeInTheDocument();
    expect(
      within(dishes)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rank', 'Dish', 'Quantity', 'Dish sales (menu prices)']);
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Refunds', 'Open balance (tables not settled)']);
  });

  it('names the ways of paying in words, and says plainly that the figures begin in 2000', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/staff/reports/day`, ({ request }) => {
        const date = new URL(request.url).searchParams.get('date') ?? '2026-03-28';
        asked.push(date);
        return HttpResponse.json({ ...day(date), payments: { cash: 10, demo: 20, stripe: 5 } });
      }),
    );
    provider.staff.signInBrowser('manager');
    renderApp('/staff/day');
    const payments = await screen.findByRole('table', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Cash',
      'Guest’s phone (demo)',
      'Guest’s phone (Stripe)',
      'Refunds',
      'Open balance (tables not settled)',
    ]);

    const field = screen.getByLabelText('Business day');
    expect(field).toHaveAttribute('min', '2000-01-01');
    fireEvent.change(field, { target: { value: '1999-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures begin on 1 January 2000');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(asked).not.toContain('1999-01-01');
  });

  it('names the dishes at menu prices and the bills with tips apart, each with its own amount', async () => {
    server.use(
      http.get(`${API}/staff/reports/day`, ({ request }) =>
        HttpResponse.json({
          ...day(new URL(request.url).searchParams.get('date') ?? '2026-03-28'),
          sales: { subtotal: 19, tax: 0, service_charge: 0, tips: 1.9, total: 20.9 },
        }),
      ),
    );
    provider.staff.signInBrowser('manager');
    renderApp('/staff/day');
    await screen.findByRole('table', { name: 'Dishes sold' });

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    const headline = terms.map((term, index) => [term, values[index]]);
    expect(headline).toContainEqual(['Dish sales (menu prices)', '$19.00']);
    expect(headline).toContainEqual(['Billed (with tax, service and tips)', '$20.90']);
    // No figure is called plain "Sales" any more: the two amounts differ by the tips.
    expect(screen.queryByText('Sales', { exact: true })).not.toBeInTheDocument();
  });

  it('draws the hours without orders between the first and the last at 0, across midnight', () => {
    const hours = clockHours([
      { hour: 22, orders: 2, sales: 30 },
      { hour: 1, orders: 1, sales: 12 },
    ]);
    expect(hours).toEqual([
      { hour: 22, orders: 2, sales: 30 },
      { hour: 23, orders: 0, sales: 0 },
      { hour: 0, orders: 0, sales: 0 },
      { hour: 1, orders: 1, sales: 12 },
    ]);
  });
});
