// The table's guest calls over HTTP (contract v1.1 "Table sessions"): GET table/orders and POST table/requests.
import type { Context, Hono } from 'hono';
import { checkJsonContentType, parseJsonBody, parseServiceRequest, secretHeader } from '../api/request-parsing';
import type { Database } from '../db/database';
import { openRequest, readTableBill } from './table-store';

const tableKeyOf = (c: Context) => secretHeader(c.req.header('X-Table-Key'));

export function addTableRoutes(api: Hono, { db }: { db: Database }): void {
  api.get('/table/orders', async (c) => c.json(await readTableBill(db, tableKeyOf(c))));

  api.post('/table/requests', async (c) => {
    checkJsonContentType(c.req.header('Content-Type'));
    const { kind, note } = parseServiceRequest(parseJsonBody(await c.req.text()));
    const { request, created } = await openRequest(db, tableKeyOf(c), kind, note ?? '');
    return c.json(request, created ? 201 : 200);
  });
}
