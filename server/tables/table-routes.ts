// The tables over HTTP (contract v1.1 "Table sessions", v1.2 "Tables that last"): the guests' seating, orders and
// requests, and the staff's tables editor, floor, clearing and requests. Thin: parse, call, answer.
import type { Context, Hono } from 'hono';
import { checkJsonContentType, parseJsonBody, parseServiceRequest, secretHeader } from '../api/request-parsing';
import { parseClear, parseNewTable, parseTablePatch } from '../bill/bill-parsing';
import type { Database } from '../db/database';
import { pathId } from '../staff/staff-parsing';
import { requireStaff } from '../staff/staff-session';
import { joinSeating } from './seatings';
import {
  addTable,
  clearTable,
  listStaffTables,
  readFloor,
  removeTable,
  rotateTableKey,
  updateTable,
} from './table-editor';
import { acknowledgeRequest, closeRequest, listOpenRequests, openRequest, readTableBill } from './table-store';

const tableKeyOf = (c: Context) => secretHeader(c.req.header('X-Table-Key'));
export const seatingKeyOf = (c: Context) => secretHeader(c.req.header('X-Seating-Key'));

async function jsonBody(c: Context): Promise<unknown> {
  checkJsonContentType(c.req.header('Content-Type'));
  return parseJsonBody(await c.req.text());
}

export function addTableRoutes(api: Hono, { db, now }: { db: Database; now: () => Date }): void {
  api.post('/table/seating', async (c) => c.json(await joinSeating(db, tableKeyOf(c))));

  api.get('/table/orders', async (c) => c.json(await readTableBill(db, seatingKeyOf(c))));

  api.post('/table/requests', async (c) => {
    const { kind, note } = parseServiceRequest(await jsonBody(c));
    const keys = { seatingKey: seatingKeyOf(c), tableKey: tableKeyOf(c) };
    const { request, created } = await openRequest(db, keys, kind, note ?? '');
    return c.json(request, created ? 201 : 200);
  });

  const manager = (c: Context, what: string) => requireStaff(db, c, now(), { role: 'manager', what });
  const tableId = (c: Context) => pathId(c.req.param('id') ?? '', 'table');

  api.get('/staff/tables', async (c) => {
    await manager(c, 'see the tables and their keys');
    return c.json(await listStaffTables(db));
  });

  api.post('/staff/tables', async (c) => {
    await manager(c, 'add tables');
    return c.json(await addTable(db, parseNewTable(await jsonBody(c))), 201);
  });

  api.patch('/staff/tables/:id', async (c) => {
    await manager(c, 'change tables');
    const id = tableId(c);
    return c.json(await updateTable(db, id, parseTablePatch(await jsonBody(c))));
  });

  api.delete('/staff/tables/:id', async (c) => {
    await manager(c, 'remove tables');
    await removeTable(db, tableId(c));
    return c.body(null, 204);
  });

  api.post('/staff/tables/:id/key', async (c) => {
    await manager(c, 'give a table a new key');
    return c.json(await rotateTableKey(db, tableId(c)));
  });

  // Any member of staff clears a table whose party has paid (the cook too); one that owes money, a manager only.
  api.post('/staff/tables/:id/clear', async (c) => {
    const who = await requireStaff(db, c, now());
    const id = tableId(c);
    checkJsonContentType(c.req.header('Content-Type'));
    return c.json(await clearTable(db, id, who, parseClear(await c.req.text()), now()));
  });

  api.get('/staff/floor', async (c) => {
    await requireStaff(db, c, now());
    return c.json(await readFloor(db, now()));
  });

  api.get('/staff/requests', async (c) => {
    await requireStaff(db, c, now());
    return c.json(await listOpenRequests(db));
  });

  api.post('/staff/requests/:id/done', async (c) => {
    await requireStaff(db, c, now());
    return c.json(await closeRequest(db, pathId(c.req.param('id'), 'service request')));
  });

  api.post('/staff/requests/:id/ack', async (c) => {
    const who = await requireStaff(db, c, now());
    return c.json(await acknowledgeRequest(db, pathId(c.req.param('id'), 'service request'), who.name));
  });
}
