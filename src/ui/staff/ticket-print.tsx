// One ticket laid out for the browser's print dialog: the fallback for a kitchen without a network printer.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { tablesQuery } from '../../api/queries';
import { boardQuery } from '../../api/staff-queries';
import { isAddOn } from '../../domain/kitchen';
import { RESTAURANT_NAME } from '../brand';
import { LoadState } from './load-state';
import { useSessionEndedOn } from './staff-session-provider';

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

export function TicketPrint({ orderID, station }: { orderID: string | undefined; station: string | undefined }) {
  const board = useQuery(boardQuery(station));
  const tables = useQuery(tablesQuery());
  useSessionEndedOn(board.error);
  const order = board.data?.find((candidate) => candidate.orderID === orderID);
  const back = (
    <Link to="/staff" search={station ? { station } : {}} className="staff-link">
      Back to the tickets
    </Link>
  );
  if (board.isPending || board.isError) return <LoadState query={board} what="the ticket" />;
  if (!order) {
    return (
      <section aria-labelledby="ticket-print-title">
        <h1 id="ticket-print-title">No such ticket</h1>
        <p>That ticket is no longer open{station ? ` at ${station}` : ''}.</p>
        {back}
      </section>
    );
  }
  const table = tables.data?.find((candidate) => candidate.id === order.table_id)?.name ?? `Table ${order.table_id}`;
  const allergies = order.allergies ?? [];
  return (
    <section aria-labelledby="ticket-print-title" className="ticket-print">
      <div className="print-sheet__bar">
        <button type="button" className="staff-button staff-button--primary" onClick={() => window.print()}>
          Print
        </button>
        {back}
      </div>
      <div className="ticket-print__paper" data-testid="ticket-print">
        <p className="ticket-print__small">
          {RESTAURANT_NAME}
          {station ? ` · ${station.toUpperCase()}` : ''}
        </p>
        <h1 id="ticket-print-title" className="ticket-print__table">
          {table}
        </h1>
        <p>
          Order {order.orderID} · {clock(order.created_at)}
          {order.guest ? ` · ${order.guest}` : ''}
        </p>
        {allergies.length > 0 && <p className="ticket-print__allergy">*** ALLERGY: {allergies.join(', ')} ***</p>}
        <ul className="ticket-print__lines">
          {order.items.map((line) => (
            <li key={line.line_id}>
              {isAddOn(order, line) && line.added_at ? `ADDED ${clock(line.added_at)} ` : ''}
              <strong>{line.quantity} ×</strong> {line.name}
              {line.choices && line.choices.length > 0 && (
                <div>+ {line.choices.map((choice) => choice.name).join(', ')}</div>
              )}
              {line.note && <div>“{line.note}”</div>}
              {line.allergens && line.allergens.length > 0 && <div>contains: {line.allergens.join(', ')}</div>}
            </li>
          ))}
        </ul>
        {order.note && <p>Note: {order.note}</p>}
        {order.stations && order.stations.length > 1 && station && (
          <p className="ticket-print__small">also at: {order.stations.filter((s) => s !== station).join(', ')}</p>
        )}
      </div>
    </section>
  );
}
