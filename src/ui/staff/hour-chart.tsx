// The Day screen's chart of orders and sales by hour, drawn by uPlot, with the table of the same figures for screen
// readers. Only the Day screen imports it, so uPlot lives in that route's chunk alone (docs/decisions/day-chart.md).
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayReport } from '../../../contract/reports';
import { formatMoney, formatNumber } from '../format';
import { StaffTable } from './staff-table';

/** The day's lines at their menu prices, before added tax, service and tips: what the hours and dishes add up. */
export const DISH_SALES = 'Dish sales (menu prices)';

type Hour = DayReport['by_hour'][number];

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

// On the console's background (#f5f5f4): 6.2:1 and 9.5:1, above the 3:1 a chart's marks need. Bars and a line with
// dots also tell the two apart without their colours, and a white ring (6.8:1 on the bars) keeps a dot on a bar seen.
const SALES_COLOUR = '#8a4b08';
const ORDERS_COLOUR = '#1e3a8a';
const GRID_COLOUR = '#d6d3d1';
const HEIGHT = 260;
// Below this, labels of neighbouring hours would touch: every second (third…) one is written instead.
const LABEL_SPACE = 44;

/**
 * The clock's hours from the day's first order to its last, those without orders at 0: a quiet afternoon between lunch
 * and dinner shows as one, where the report (and the table) list only the hours with orders.
 */
export function clockHours(hours: readonly Hour[]): Hour[] {
  const first = hours[0];
  const last = hours.at(-1);
  if (!first || !last) return [];
  const byHour = new Map(hours.map((hour) => [hour.hour, hour]));
  const filled: Hour[] = [];
  for (let hour = first.hour; filled.length < 24; hour = (hour + 1) % 24) {
    filled.push(byHour.get(hour) ?? { hour, orders: 0, sales: 0 });
    if (hour === last.hour) break;
  }
  return filled;
}

function chartOptions(hours: readonly Hour[], width: number, textColour: string): uPlot.Options {
  const axis = { stroke: textColour, grid: { stroke: GRID_COLOUR, width: 1 }, ticks: { show: false } };
  return {
    width,
    height: HEIGHT,
    // Nothing to point at or zoom into: the figures are in the table.
    cursor: { show: false, drag: { x: false, y: false, setScale: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    legend: { show: true, live: false },
    scales: {
      // The hours are categories in the day's order (22:00, 23:00, 00:00…), placed at 0, 1, 2…
      x: { time: false, range: [-0.5, hours.length - 0.5] },
      sales: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      orders: { range: (_chart, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
    },
    series: [
      {},
      {
        label: 'Dish sales',
        scale: 'sales',
        stroke: SALES_COLOUR,
        fill: SALES_COLOUR,
        width: 0,
        paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
        points: { show: false },
      },
      {
        label: 'Orders',
        scale: 'orders',
        stroke: ORDERS_COLOUR,
        width: 2,
        points: { show: true, size: 12, width: 2, fill: ORDERS_COLOUR, stroke: '#ffffff' },
      },
    ],
    axes: [
      {
        ...axis,
        grid: { show: false },
        splits: () => hours.map((_hour, index) => index),
        values: (chart, splits) => {
          const every = Math.max(1, Math.ceil(LABEL_SPACE / (chart.bbox.width / uPlot.pxRatio / hours.length)));
          return splits.map((index) => (index % every === 0 && hours[index] ? hourLabel(hours[index].hour) : ''));
        },
      },
      {
        ...axis,
        scale: 'sales',
        label: 'Dish sales',
        size: 80,
        values: (_chart, splits) => splits.map((value) => formatMoney(value)),
      },
      {
        ...axis,
        scale: 'orders',
        label: 'Orders',
        side: 1,
        grid: { show: false },
        // Whole orders only.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        values: (_chart, splits) => splits.map((value) => formatNumber(value)),
      },
    ],
  };
}

function Chart({ hours, label }: { hours: readonly Hour[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const shown = clockHours(hours);
    const data: uPlot.AlignedData = [
      shown.map((_hour, index) => index),
      shown.map((hour) => hour.sales),
      shown.map((hour) => hour.orders),
    ];
    const width = () => Math.max(280, element.clientWidth);
    const chart = new uPlot(chartOptions(shown, width(), getComputedStyle(element).color), data, element);
    // The screen's width changes with the window and the console's sidebar; the chart follows it.
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [hours]);
  // A picture of the table below: its name says so, and what it holds is read from the table.
  return <div ref={box} className="day-chart__plot" role="img" aria-label={label} />;
}

export function HourChart({ report }: { report: DayReport }) {
  const captionId = useId();
  const hours = report.by_hour;
  if (hours.length === 0) return <p>No orders this day.</p>;
  return (
    <figure className="day-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>Orders and sales by hour</figcaption>
      <Chart
        hours={hours}
        label="Chart of sales by hour (bars) and orders by hour (line); the table below has the same figures"
      />
      <StaffTable
        className="day-table"
        caption="Orders and sales by hour"
        columns={[{ label: 'Hour' }, { label: 'Orders', numeric: true }, { label: DISH_SALES, numeric: true }]}
        rows={hours}
        rowKey={(hour) => hour.hour}
        rowHeader={0}
        cells={(hour) => [hourLabel(hour.hour), formatNumber(hour.orders), formatMoney(hour.sales)]}
      />
    </figure>
  );
}
