// The day's figures (manager): pick a business day, read its headline figures, orders and sales by hour (a chart with
// its table for screen readers), dishes ranked, cancellations, payments and the open balance, ticket times, and save
// the day as CSV. Only this screen's route loads it, and with it the charting library (docs/decisions/day-chart.md).
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DayReport } from '../../../contract/reports';
import { ApiError } from '../../api/errors';
import { getDayCsv, getDayReport } from '../../api/report-calls';
import { formatMoney, formatNumber } from '../format';
import { FIRST_REPORT_DATE } from '../../domain/report';
import { useRestaurant } from '../restaurant/restaurant';
import { DISH_SALES, HourChart } from './hour-chart';
import { LoadState } from './load-state';
import { paymentMethodName } from './payment-methods';
import { useSessionEndedOn } from './staff-session-provider';
import { StaffTable } from './staff-table';
import './day-screen.css';

/** The business day now: the restaurant's clock, less the hours before `day_starts_at` (they belong to the day before). */
export function businessToday(now: Date, timeZone: string, dayStartsAt: string): string {
  const [hours = 0, minutes = 0] = dayStartsAt.split(':').map(Number);
  const shifted = new Date(now.getTime() - (hours * 60 + minutes) * 60_000);
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      shifted,
    );
  } catch {
    return shifted.toISOString().slice(0, 10);
  }
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

async function saveCsv(date: string, view: 'lines' | 'summary') {
  const blob = await getDayCsv(date, view);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `day-${date}-${view}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// Two different amounts, each named for what it holds (docs/figures.md): the dishes at their menu prices (what the
// hours and dishes tables add up), and what the bills came to with added tax, service and tips.
const headline = (report: DayReport): [string, string][] => [
  ['Orders', formatNumber(report.orders)],
  ['Covers (seatings)', formatNumber(report.covers)],
  [DISH_SALES, formatMoney(report.sales.subtotal)],
  ['Billed (with tax, service and tips)', formatMoney(report.sales.total)],
  ['Tax', formatMoney(report.sales.tax)],
  ['Service charge', formatMoney(report.sales.service_charge)],
  ['Tips', formatMoney(report.sales.tips)],
  ['Open balance', formatMoney(report.open_balance)],
];

function Figures({ report }: { report: DayReport }) {
  const [saving, setSaving] = useState<string | null>(null);
  const save = (view: 'lines' | 'summary') => {
    setSaving(null);
    saveCsv(report.date, view).catch((error: unknown) =>
      setSaving(`Could not download the CSV (${error instanceof Error ? error.message : 'unknown error'}).`),
    );
  };
  const payments: [string, number][] = [
    ...Object.entries(report.payments).map(([method, amount]): [string, number] => [paymentMethodName(method), amount]),
    ['Refunds', report.refunds],
    ['Open balance (tables not settled)', report.open_balance],
  ];
  const reasons = Object.entries(report.cancelled.by_reason);
  const stations = Object.entries(report.ticket_minutes);
  return (
    <>
      <dl className="day-headline">
        {headline(report).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="day-actions">
        <button type="button" className="staff-button" onClick={() => save('lines')}>
          Download the day’s lines (CSV)
        </button>
        <button type="button" className="staff-button" onClick={() => save('summary')}>
          Download the summary (CSV)
        </button>
        {saving && (
          <p className="staff-error" role="alert">
            {saving}
          </p>
        )}
      </div>
      <section aria-labelledby="day-hours">
        <h2 id="day-hours">By hour</h2>
        <HourChart report={report} />
      </section>
      <section aria-labelledby="day-dishes">
        <h2 id="day-dishes">Dishes sold</h2>
        {report.by_dish.length === 0 ? (
          <p>No dishes sold.</p>
        ) : (
          <StaffTable
            className="day-table"
            caption="Dishes sold"
            captionHidden
            columns={[
              { label: 'Rank', numeric: true },
              { label: 'Dish' },
              { label: 'Quantity', numeric: true },
              { label: DISH_SALES, numeric: true },
            ]}
            rows={report.by_dish}
            rowKey={(dish) => dish.menu_id}
            rowHeader={1}
            cells={(dish, index) => [index + 1, dish.name, formatNumber(dish.quantity), formatMoney(dish.sales)]}
          />
        )}
      </section>
      <section aria-labelledby="day-cancelled">
        <h2 id="day-cancelled">Cancellations: {formatNumber(report.cancelled.count)}</h2>
        {reasons.length > 0 && (
          <ul>
            {reasons.map(([reason, count]) => (
              <li key={reason}>
                {reason || 'No reason given'}: {formatNumber(count)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="day-payments">
        <h2 id="day-payments">Payments</h2>
        <StaffTable
          className="day-table"
          caption="Payments"
          captionHidden
          columns={[{ label: 'Method' }, { label: 'Taken (with tips)', numeric: true }]}
          rows={payments}
          rowKey={(_, index) => index}
          rowHeader={0}
          cells={([method, amount]) => [method, formatMoney(amount)]}
        />
      </section>
      <section aria-labelledby="day-tickets">
        <h2 id="day-tickets">Ticket times</h2>
        {stations.length === 0 ? (
          <p>No tickets finished.</p>
        ) : (
          <StaffTable
            className="day-table"
            caption="Ticket times"
            captionHidden
            columns={[
              { label: 'Station' },
              { label: 'Median (minutes)', numeric: true },
              { label: '90th percentile (minutes)', numeric: true },
            ]}
            rows={stations}
            rowKey={([station]) => station}
            rowHeader={0}
            cells={([station, { p50, p90 }]) => [station, formatNumber(p50), formatNumber(p90)]}
          />
        )}
      </section>
    </>
  );
}

export function DayScreen() {
  const { profile } = useRestaurant();
  const today = businessToday(new Date(), profile?.time_zone ?? 'UTC', profile?.day_starts_at ?? '00:00');
  const [date, setDate] = useState(today);
  const [tooEarly, setTooEarly] = useState(false);
  const dateId = useId();
  const report = useQuery({
    queryKey: ['staff', 'reports', 'day', date],
    queryFn: ({ signal }) => getDayReport(date, { signal }),
    retry: (count, error) =>
      !(error instanceof ApiError && error.status !== undefined && error.status < 500) && count < 2,
  });
  useSessionEndedOn(report.error);
  const notOffered = report.error instanceof ApiError && report.error.status === 404;
  return (
    <section className="day-screen" aria-labelledby="day-title">
      <h1 id="day-title">The day’s figures</h1>
      {notOffered ? (
        <p>This restaurant’s provider does not offer the day’s figures.</p>
      ) : (
        <>
          <div className="day-picker">
            <button
              type="button"
              className="staff-button"
              disabled={date <= FIRST_REPORT_DATE}
              onClick={() => setDate(addDays(date, -1))}
            >
              Previous day
            </button>
            <label htmlFor={dateId}>Business day</label>
            <input
              id={dateId}
              type="date"
              value={date}
              min={FIRST_REPORT_DATE}
              max={today}
              aria-invalid={tooEarly || undefined}
              aria-describedby={tooEarly ? `${dateId}-early` : undefined}
              onChange={(event) => {
                const value = event.target.value;
                if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
                // The provider keeps no day before its first: said here, plainly, instead of its refusal.
                setTooEarly(value < FIRST_REPORT_DATE);
                if (value >= FIRST_REPORT_DATE && value <= today) setDate(value);
              }}
            />
            <button
              type="button"
              className="staff-button"
              disabled={date >= today}
              onClick={() => setDate(addDays(date, 1))}
            >
              Next day
            </button>
          </div>
          {tooEarly && (
            <p id={`${dateId}-early`} className="staff-error" role="alert">
              The figures begin on 1 January 2000: pick that day or a later one.
            </p>
          )}
          <LoadState query={report} what="the day’s figures" />
          {report.data && <Figures report={report.data} />}
        </>
      )}
    </section>
  );
}
