// A printable sheet: one card per table (or the one asked for) with its name and QR code, to cut out and put on the
// tables. The codes open the restaurant's public address (its profile), so any phone reaches the app.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { staffTablesQuery } from '../../api/staff-queries';
import { useRestaurant } from '../restaurant/restaurant';
import { LoadState } from './load-state';
import { useSessionEndedOn } from './staff-session-provider';
import { TableQr, tableLink, useTableLinkOrigin } from './table-qr';

const route = getRouteApi('/staff/print');

export function PrintSheet() {
  const tables = useQuery(staffTablesQuery());
  useSessionEndedOn(tables.error);
  const { name } = useRestaurant();
  const link = useTableLinkOrigin();
  const { table: only } = route.useSearch();
  const shown = tables.data?.filter((table) => only === undefined || table.id === only);
  const title = only === undefined ? 'QR codes for every table' : `QR code for ${shown?.[0]?.name ?? `table ${only}`}`;
  return (
    <section aria-labelledby="print-title" className="print-sheet">
      <div className="print-sheet__bar">
        <h1 id="print-title">{title}</h1>
        <button type="button" className="staff-button staff-button--primary" onClick={() => window.print()}>
          Print
        </button>
        <Link to="/staff/tables" className="staff-link">
          Back to the tables
        </Link>
      </div>
      {link.hasProfile && !link.isPublic && (
        <p className="staff-note print-sheet__warning" data-testid="public-url-warning">
          The restaurant’s public address is not set, so these codes open this browser’s address ({link.origin}), which
          guests’ phones may not reach. Set it in <Link to="/staff/settings">Settings</Link> before printing.
        </p>
      )}
      <LoadState query={tables} what="the tables" />
      <ul className="print-sheet__cards">
        {shown?.map((table) => (
          <li key={table.id} className="print-card" data-testid="print-card">
            <p className="print-card__name">{table.name}</p>
            {table.key && (
              <TableQr
                link={tableLink(link.origin, table.id, table.key)}
                label={`QR code for ${table.name}`}
                size={200}
              />
            )}
            <p className="print-card__hint">Scan to see the menu, order and pay · {name}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
