// The floor: tables with their keys and open orders, new keys, and clearing a table.
import { randomBytes } from 'node:crypto';
import type { TableStatus } from '../../contract/guest';
import type { StaffTable } from '../../contract/staff';
import { OCCUPYING_LIST } from '../catalog/catalog-store';
import type { Database, Queryable } from '../db/database';
import { effectiveTableStatus } from '../orders/order-rules';
import { endSeating } from '../tables/seatings';
import { recordClosedRequests } from '../tables/table-store';
import { tableNotFound } from './staff-errors';

interface TableRow {
  id: number;
  name: string;
  seats: number;
  status: TableStatus;
  key: string;
  open_orders: number;
}

const SELECT_TABLES = `
  SELECT t.id, t.name, t.seats, t.status, t.table_key AS key,
         (SELECT count(*)::int FROM orders o WHERE o.table_id = t.id AND o.status IN (${OCCUPYING_LIST})) AS open_orders
  FROM dining_tables t`;

/** 128 random bits, URL-safe, for a table's QR link. */
const newTableKey = () => randomBytes(16).toString('base64url');

function toStaffTable({ key, status, ...row }: TableRow): StaffTable {
  return { ...row, status: effectiveTableStatus(status, row.open_orders > 0), key };
}

export async function listStaffTables(db: Queryable): Promise<StaffTable[]> {
  const rows = await db.query<TableRow>(`${SELECT_TABLES} ORDER BY t.id`);
  return rows.map(toStaffTable);
}

export async function rotateTableKey(db: Database, id: number): Promise<StaffTable> {
  return db.transaction(async (tx) => {
    const updated = await tx.query('UPDATE dining_tables SET table_key = $2 WHERE id = $1 RETURNING id', [
      id,
      newTableKey(),
    ]);
    if (updated.length === 0) throw tableNotFound(id);
    const [row] = await tx.query<TableRow>(`${SELECT_TABLES} WHERE t.id = $1`, [id]);
    if (!row) throw tableNotFound(id);
    return toStaffTable(row);
  });
}

/**
 * Ends the table's seating and rotates its key in one transaction (contract "Table sessions"): the next party's
 * QR scan starts a new bill, and the old link's key stops working at once. Orders still open stay on the board.
 */
export async function clearTable(db: Database, id: number): Promise<StaffTable> {
  return db.transaction(async (tx) => {
    const { found, closedRequestIds } = await endSeating(tx, id);
    if (!found) throw tableNotFound(id);
    await recordClosedRequests(tx, closedRequestIds);
    const [row] = await tx.query<TableRow>(`${SELECT_TABLES} WHERE t.id = $1`, [id]);
    if (!row) throw tableNotFound(id);
    return toStaffTable(row);
  });
}
