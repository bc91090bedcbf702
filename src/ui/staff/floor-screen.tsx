// The floor: every table with its status, open orders and QR code; a manager gives a table a new key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { StaffTable } from '../../../contract/staff';
import { newTableKey } from '../../api/staff-calls';
import { staffKeys, staffTablesQuery } from '../../api/staff-queries';
import { useAnnounce } from '../feedback/live-announcer';
import { LoadState } from './load-state';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { ServiceRequestsPanel } from './service-requests-panel';
import { TableQr, tableLink, useTableLinkOrigin } from './table-qr';
import { useClearTable } from './use-clear-table';

const STATUS: Record<StaffTable['status'], string> = { free: 'Free', occupied: 'Occupied', reserved: 'Reserved' };

export function FloorScreen() {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const tables = useQuery({ ...staffTablesQuery(), refetchInterval: 15_000 });
  useSessionEndedOn(tables.error);
  const linkOrigin = useTableLinkOrigin().origin;
  const rotate = useMutation({
    mutationFn: (table: StaffTable) => newTableKey(table.id),
    onSuccess: (updated) => {
      queryClient.setQueryData<StaffTable[]>(staffKeys.tables, (list) =>
        list?.map((table) => (table.id === updated.id ? updated : table)),
      );
      announce(`${updated.name} has a new key. Its old QR code no longer works: print the new one.`);
    },
  });
  useSessionEndedOn(rotate.error);
  const clearing = useClearTable();
  const tableName = (id: number) => tables.data?.find((table) => table.id === id)?.name ?? `Table ${id}`;

  return (
    <section aria-labelledby="floor-title" className="floor">
      <div className="floor__bar">
        <h1 id="floor-title">Floor</h1>
        <Link to="/staff/print" className="staff-button">
          Print sheet of all QR codes
        </Link>
      </div>
      <ServiceRequestsPanel tableName={tableName} />
      <LoadState query={tables} what="the tables" />
      {clearing.mutation.isError && !isSessionEnded(clearing.mutation.error) && (
        <p className="staff-error" role="alert">
          Could not clear the table: {clearing.mutation.error.message}
        </p>
      )}
      {rotate.isError && !isSessionEnded(rotate.error) && (
        <p className="staff-error" role="alert">
          Could not make a new key: {rotate.error.message}
        </p>
      )}
      <ul className="floor__tables">
        {tables.data?.map((table) => (
          <li key={table.id} className="floor-table" data-testid="floor-table">
            <h2>{table.name}</h2>
            <p>
              {STATUS[table.status]} · {table.seats} seats ·{' '}
              {table.open_orders === 1 ? '1 open order' : `${table.open_orders} open orders`}
            </p>
            <TableQr link={tableLink(linkOrigin, table.id, table.key)} label={`QR code for ${table.name}`} size={120} />
            <button
              type="button"
              className="staff-button"
              disabled={rotate.isPending && rotate.variables.id === table.id}
              onClick={() => {
                // Printed codes for this table stop carrying a valid key: worth a second thought.
                if (window.confirm(`Give ${table.name} a new key? Its printed QR codes will need replacing.`)) {
                  rotate.mutate(table);
                }
              }}
            >
              New key<span className="visually-hidden"> for {table.name}</span>
            </button>
            <button
              type="button"
              className="staff-button"
              disabled={clearing.mutation.isPending && clearing.mutation.variables.id === table.id}
              onClick={() => clearing.clear(table, table.open_orders)}
            >
              Clear table<span className="visually-hidden"> {table.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
