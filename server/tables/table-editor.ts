// The restaurant's tables (contract v1.2): the editor's add, change and remove, new keys, clearing, and the front of house's floor.
import type { FloorTable, NewTable, StaffTable, StaffTableStatus, TablePatch } from '../../contract/tables';
import type { StaffSession } from '../../contract/staff';
import { OCCUPYING_LIST } from '../catalog/catalog-store';
import type { Database, Queryable } from '../db/database';
import { notEditable } from '../api/provider-error';
import { recordEvent } from '../live/event-store';
import { readRestaurant } from '../restaurant/restaurant-store';
import { balanceDue, moneyWriter, reasonNeeded } from '../bill/bill-errors';
import { computeSeatingBill, recordBillEvent, seatingBalance } from '../bill/bill-store';
import { tableNotFound } from '../staff/staff-errors';
import { endSeating, newTableKey } from './seatings';
import { tableNameTaken } from './table-errors';
import { TABLE_STATUS_SQL } from './table-status';
import { listOpenRequests, recordClosedRequests } from './table-store';

interface TableRow {
  id: number;
  name: string;
  seats: number;
  area: string | null;
  reserved: boolean;
  status: StaffTableStatus;
  key: string;
  open_orders: number;
}

const SELECT_TABLES = `
  SELECT t.id, t.name, t.seats, t.area, t.reserved, ${TABLE_STATUS_SQL('t')} AS status, t.table_key AS key,
         (SELECT count(*)::int FROM orders o WHERE o.table_id = t.id AND o.status IN (${OCCUPYING_LIST})) AS open_orders
  FROM dining_tables t WHERE t.removed_at IS NULL`;

/** A table as staff see it; the printed key only for a manager. */
function toStaffTable({ key, ...row }: TableRow, withKey: boolean): StaffTable {
  return { ...row, ...(withKey ? { key } : {}) };
}

async function readTable(q: Queryable, id: number, withKey: boolean): Promise<StaffTable> {
  const [row] = await q.query<TableRow>(`${SELECT_TABLES} AND t.id = $1`, [id]);
  if (!row) throw tableNotFound(id);
  return toStaffTable(row, withKey);
}

/** Every table that is not removed, with its key (managers: the tables editor). */
export async function listStaffTables(db: Queryable): Promise<StaffTable[]> {
  const rows = await db.query<TableRow>(`${SELECT_TABLES} ORDER BY t.id`);
  return rows.map((row) => toStaffTable(row, true));
}

/**
 * A table's name as the unique index of migration 063 compares it (case and runs of spaces aside, as the contract's
 * tableNameKey): the same expression, so the check below and the index agree.
 */
const NAME_KEY_SQL = (column: string) => `lower(btrim(regexp_replace(${column}, '[[:space:]]+', ' ', 'g')))`;

/** Refuses a name another table (not removed, not `self`) has: answered 409 with the other table's name. */
async function checkNameFree(tx: Queryable, name: string, self?: number): Promise<void> {
  const [other] = await tx.query<{ name: string }>(
    `SELECT name FROM dining_tables
     WHERE removed_at IS NULL AND ${NAME_KEY_SQL('name')} = ${NAME_KEY_SQL('$1')} AND id IS DISTINCT FROM $2`,
    [name, self ?? null],
  );
  if (other) throw tableNameTaken(other.name);
}

/** Two calls checking at once can both find a name free: the index refuses the second, answered as the check would. */
async function refusingTakenName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (name !== undefined && code === '23505' && constraint === 'dining_tables_name_key') throw tableNameTaken(name);
    throw error;
  }
}

/** Floors and guests' pickers follow tables being added, changed or removed. */
const recordTableEvent = (tx: Queryable, id: number) => recordEvent(tx, { type: 'table', payload: { table_id: id } });

/** A new table: the next id (ids are never reused, removed tables keep theirs) and a key of its own. */
export async function addTable(db: Database, input: NewTable): Promise<StaffTable> {
  return refusingTakenName(input.name, () =>
    db.transaction(async (tx) => {
      // One at a time: two managers adding at once would otherwise pick the same next id.
      await tx.query('LOCK TABLE dining_tables IN SHARE ROW EXCLUSIVE MODE');
      await checkNameFree(tx, input.name);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO dining_tables (id, name, seats, status, area, reserved, table_key)
       SELECT coalesce(max(id), 0) + 1, $1, $2, 'free', $3, $4, $5 FROM dining_tables RETURNING id`,
        [input.name, input.seats ?? 4, emptyToNull(input.area), input.reserved ?? false, newTableKey()],
      );
      if (!row) throw new Error('The table was not written');
      await recordTableEvent(tx, row.id);
      return readTable(tx, row.id, true);
    }),
  );
}

const emptyToNull = (value: string | null | undefined) => (value === undefined || value === '' ? null : value);

export async function updateTable(db: Database, id: number, patch: TablePatch): Promise<StaffTable> {
  return refusingTakenName(patch.name, () =>
    db.transaction(async (tx) => {
      // A missing table is 404 whatever its new name would be.
      const [table] = await tx.query('SELECT 1 FROM dining_tables WHERE id = $1 AND removed_at IS NULL', [id]);
      if (!table) throw tableNotFound(id);
      if (patch.name !== undefined) await checkNameFree(tx, patch.name, id);
      const updated = await tx.query(
        `UPDATE dining_tables SET name = coalesce($2, name), seats = coalesce($3, seats),
         area = CASE WHEN $4::boolean THEN $5 ELSE area END, reserved = coalesce($6, reserved)
       WHERE id = $1 AND removed_at IS NULL RETURNING id`,
        [
          id,
          patch.name ?? null,
          patch.seats ?? null,
          patch.area !== undefined,
          emptyToNull(patch.area),
          patch.reserved ?? null,
        ],
      );
      if (updated.length === 0) throw tableNotFound(id);
      await recordTableEvent(tx, id);
      return readTable(tx, id, true);
    }),
  );
}

/**
 * Removes a table from the floor and from guests; its key stops working. Its orders, seatings and payments stay, for
 * the figures. A table with an open seating is refused (409): clear it first, so nothing its party owes is lost.
 */
export async function removeTable(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [table] = await tx.query<{ id: number }>(
      'SELECT id FROM dining_tables WHERE id = $1 AND removed_at IS NULL FOR UPDATE',
      [id],
    );
    if (!table) throw tableNotFound(id);
    const [open] = await tx.query('SELECT 1 FROM seatings WHERE table_id = $1 AND ended_at IS NULL', [id]);
    if (open) throw notEditable(`Table ${id} has guests seated: clear it before removing it`);
    await tx.query('UPDATE dining_tables SET removed_at = now() WHERE id = $1', [id]);
    await tx.query('UPDATE service_requests SET done_at = now() WHERE table_id = $1 AND done_at IS NULL', [id]);
    await recordTableEvent(tx, id);
  });
}

export async function rotateTableKey(db: Database, id: number): Promise<StaffTable> {
  return db.transaction(async (tx) => {
    const updated = await tx.query(
      'UPDATE dining_tables SET table_key = $2 WHERE id = $1 AND removed_at IS NULL RETURNING id',
      [id, newTableKey()],
    );
    if (updated.length === 0) throw tableNotFound(id);
    return readTable(tx, id, true);
  });
}

/**
 * The party left (contract v1.2): ends the seating and keeps the printed key, so the next party scans the same code.
 * A seating that still owes money (or is owed a refund) is cleared only by a manager, with a reason. The table's row
 * lock orders a clear after any order being placed there, as before.
 */
export async function clearTable(
  db: Database,
  id: number,
  who: StaffSession,
  input: { reason?: string | undefined },
  now: Date,
): Promise<StaffTable> {
  return db.transaction(async (tx) => {
    const [table] = await tx.query<{ id: number }>(
      'SELECT id FROM dining_tables WHERE id = $1 AND removed_at IS NULL FOR UPDATE',
      [id],
    );
    if (!table) throw tableNotFound(id);
    const [seating] = await tx.query<{ id: string | number }>(
      'SELECT id FROM seatings WHERE table_id = $1 AND ended_at IS NULL FOR UPDATE',
      [id],
    );
    const balance = seating ? await seatingBalance(tx, Number(seating.id), now) : 0;
    if (balance !== 0) {
      const money = moneyWriter(await readRestaurant(tx));
      if (who.role !== 'manager') throw balanceDue(balance, money);
      if (input.reason === undefined) throw reasonNeeded(balance, money);
    }
    const { seatingId, closedRequestIds } = await endSeating(
      tx,
      id,
      balance === 0 ? { by: who.name } : { by: who.name, reason: input.reason },
    );
    await recordClosedRequests(tx, closedRequestIds);
    if (seatingId !== undefined) await recordBillEvent(tx, seatingId, now);
    await recordTableEvent(tx, id);
    return readTable(tx, id, who.role === 'manager');
  });
}

/**
 * The front of house: every table with its derived status, its open seating's guests and money, and its open
 * requests. One statement for the tables and seatings; each open seating's bill by the domain's rules.
 */
export async function readFloor(db: Database, now: Date): Promise<FloorTable[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<
      Omit<TableRow, 'key' | 'open_orders'> & {
        seating_id: string | number | null;
        started_at: string | null;
        guests: string[] | null;
        orders: number;
        open_orders: number;
      }
    >(
      `SELECT t.id, t.name, t.seats, t.area, t.reserved, ${TABLE_STATUS_SQL('t')} AS status,
              s.id AS seating_id, api_time(s.started_at) AS started_at,
              (SELECT array_agg(g.guest ORDER BY g.first) FROM (
                 SELECT o.guest, min(o.seq) AS first FROM orders o
                 WHERE o.seating_id = s.id AND o.guest IS NOT NULL GROUP BY o.guest) g) AS guests,
              (SELECT count(*)::int FROM orders o WHERE o.seating_id = s.id) AS orders,
              (SELECT count(*)::int FROM orders o WHERE o.seating_id = s.id AND o.status IN (${OCCUPYING_LIST}))
                AS open_orders
       FROM dining_tables t LEFT JOIN seatings s ON s.table_id = t.id AND s.ended_at IS NULL
       WHERE t.removed_at IS NULL ORDER BY t.id`,
    );
    const requests = await listOpenRequests(tx);
    const floor: FloorTable[] = [];
    for (const row of rows) {
      const bill = row.seating_id === null ? undefined : await computeSeatingBill(tx, Number(row.seating_id), now);
      floor.push({
        id: row.id,
        name: row.name,
        area: row.area,
        seats: row.seats,
        status: row.status,
        reserved: row.reserved,
        seating:
          row.seating_id === null || row.started_at === null
            ? null
            : {
                id: Number(row.seating_id),
                started_at: row.started_at,
                guests: row.guests ?? [],
                orders: row.orders,
                open_orders: row.open_orders,
                total: bill?.total ?? 0,
                paid: bill?.paid ?? 0,
                balance: bill?.balance ?? 0,
              },
        requests: requests.filter((request) => request.table_id === row.id),
      });
    }
    return floor;
  });
}
