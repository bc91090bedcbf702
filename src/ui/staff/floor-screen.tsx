// The front of house (every member of staff): the guests asking, with how long each has waited and "On my way"; every
// table with its status, who is there, what they owe; and any table's bill, with the till for waiters and managers.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FloorTable, StaffTableStatus } from '../../../contract/tables';
import { boardPolling, floorQuery } from '../../api/staff-queries';
import { selectLiveMode } from '../../machines/live.context';
import { StaffLiveMachineContext } from '../../machines/staff-live.context';
import { formatMoney } from '../format';
import { LoadState } from './load-state';
import { ServiceRequestsPanel } from './service-requests-panel';
import { useSessionEndedOn } from './staff-session-provider';
import { StatusLine, useStatusLine } from './status-line';
import { TableBillPanel } from './table-bill-panel';
import { useFocusAfter } from './use-focus-after';

export const STATUS_NAMES: Record<StaffTableStatus, string> = {
  free: 'Free',
  seated: 'Seated',
  reserved: 'Reserved',
  asking: 'Asking',
};

const seatRule = new Intl.PluralRules('en');

/** "1 seat", "4 seats": the console is in English. */
export const seatsText = (seats: number) => `${seats} ${seatRule.select(seats) === 'one' ? 'seat' : 'seats'}`;

export function FloorScreen() {
  // Polled while staff/events is not live; its events make the floor stale at once (staff-live-cache.ts).
  const isLive = StaffLiveMachineContext.useSelector(selectLiveMode) === 'live';
  const floor = useQuery({ ...floorQuery(), refetchInterval: isLive ? 30_000 : boardPolling.ms });
  useSessionEndedOn(floor.error);
  const [open, setOpen] = useState<number | null>(null);
  const [status, say] = useStatusLine();
  const focusAfter = useFocusAfter();
  const tableName = (id: number) => floor.data?.find((table) => table.id === id)?.name ?? `Table ${id}`;
  const opened = floor.data?.find((table) => table.id === open);

  return (
    <section aria-labelledby="floor-title" className="floor">
      <div className="floor__bar">
        <h1 id="floor-title">Floor</h1>
      </div>
      <ServiceRequestsPanel tableName={tableName} />
      <StatusLine status={status} testId="floor-status" />
      <LoadState query={floor} what="the floor" />
      <ul className="floor__tables">
        {floor.data?.map((table) => (
          <FloorCard key={table.id} table={table} onOpen={() => setOpen(table.id)} />
        ))}
      </ul>
      {opened && (
        <TableBillPanel
          table={opened}
          onClose={() => setOpen(null)}
          onCleared={(text) => {
            setOpen(null);
            say(text);
            // The dialog gives focus back to the card's Bill button, which goes with the table's seating.
            const card = () => document.querySelector(`[data-testid="floor-table"][data-table-id="${opened.id}"]`);
            focusAfter(() => card()?.querySelector<HTMLElement>('h2'), card);
          }}
        />
      )}
    </section>
  );
}

function FloorCard({ table, onOpen }: { table: FloorTable; onOpen(): void }) {
  const seating = table.seating;
  const paid = seating !== null && seating.total > 0 && seating.balance === 0;
  return (
    <li
      className={`floor-table floor-table--${table.status}`}
      data-testid="floor-table"
      data-table-id={table.id}
      data-status={table.status}
    >
      <h2 tabIndex={-1}>
        {table.name}
        {table.area && <span className="floor-table__area"> · {table.area}</span>}
      </h2>
      <p className="floor-table__status">
        <span className={`floor-status floor-status--${table.status}`}>{STATUS_NAMES[table.status]}</span>
        {paid && <span className="floor-status floor-status--paid">Paid</span>} · {seatsText(table.seats)}
      </p>
      {seating && (
        <>
          <p className="floor-table__guests">
            {seating.guests.length > 0 ? seating.guests.join(', ') : 'No names given'} ·{' '}
            {seating.orders === 1 ? '1 order' : `${seating.orders} orders`}
            {seating.open_orders > 0 && ` (${seating.open_orders} in the kitchen)`}
          </p>
          <p className="floor-table__money" data-testid="floor-money">
            {formatMoney(seating.total)} · paid {formatMoney(seating.paid)} ·{' '}
            <strong>{seating.balance === 0 ? 'nothing left' : `${formatMoney(seating.balance)} left`}</strong>
          </p>
        </>
      )}
      {seating && (
        <button type="button" className="staff-button" onClick={onOpen}>
          Bill<span className="visually-hidden"> of {table.name}</span>
        </button>
      )}
    </li>
  );
}
