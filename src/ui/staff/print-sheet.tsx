// A printable sheet: one card per table with its name and QR code, to cut out and put on the tables.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { staffTablesQuery } from '../../api/staff-queries';
import { useRestaurant } from '../restaurant/restaurant';
import { LoadState } from './load-state';
import { useSessionEndedOn } from './staff-session-provider';
import { TableQr, tableLink, useTableLinkOrigin } from './table-qr';

export function PrintSheet() {
  const tables = useQuery(staffTablesQuery());
  useSessionEndedOn(tables.error);
  const { name } = useRestaurant();
  const link = useTableLinkOrigin();
  return (
    <section aria-labelledby="print-title" className="print-sheet">
      <div className="print-sheet__bar">
        <h1 id="print-title">QR codes for every table</h1>
        <button type="button" className="staff-button staff-button--primary" onClick={() => window.print()}>
          Print
        </button>
        <Link to="/staff/floor" className="staff-link">
          Back to the floor
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
        {tables.data?.map((table) => (
          <li key={table.id} className="print-card" data-testid="print-card">
            <p className="print-card__name">{table.name}</p>
            <TableQr
              link={tableLink(link.origin, table.id, table.key)}
              label={`QR code for ${table.name}`}
              size={200}
            />
            <p className="print-card__hint">Scan to see the menu and order · {name}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
