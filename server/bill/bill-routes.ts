// The bill over HTTP (contract v1.2): the guests' bill and shares, the staff's view of a table's bill, the till and refunds.
import type { Context, Hono } from 'hono';
import { checkJsonContentType, parseIdempotencyKey, parseJsonBody } from '../api/request-parsing';
import type { Database } from '../db/database';
import { requestFields } from '../ops/request-context';
import { demoPayments, type PaymentsPort } from '../payments/payment-port';
import { pathId } from '../staff/staff-parsing';
import { requireStaff } from '../staff/staff-session';
import { seatingKeyOf } from '../tables/table-routes';
import { idempotencyKeyNeeded, payingAtTableOff, tillForbidden } from './bill-errors';
import { parseNewShare, parseRefund, parseTillPayment } from './bill-parsing';
import { addTillPayment, cancelShare, createShare, readBill, readStaffBill, refundPayment } from './bill-store';

export interface BillRouteDeps {
  db: Database;
  now: () => Date;
  /** Null: the restaurant takes payments at the counter only. */
  payments: PaymentsPort | null;
}

async function jsonBody(c: Context): Promise<unknown> {
  checkJsonContentType(c.req.header('Content-Type'));
  return parseJsonBody(await c.req.text());
}

export function addBillRoutes(api: Hono, { db, now, payments }: BillRouteDeps): void {
  api.get('/table/bill', async (c) =>
    c.json({ ...(await readBill(db, seatingKeyOf(c), now())), pay_at_table: payments !== null }),
  );

  api.post('/table/bill/shares', async (c) => {
    if (payments === null) throw payingAtTableOff();
    const key = parseIdempotencyKey(c.req.header('Idempotency-Key'));
    if (key === undefined) throw idempotencyKeyNeeded();
    const input = parseNewShare(await jsonBody(c));
    const { share, created } = await createShare(
      db,
      { payments, now, logFields: requestFields(c) },
      seatingKeyOf(c),
      input,
      key,
    );
    return c.json(share, created ? 201 : 200);
  });

  api.delete('/table/bill/shares/:share_id', async (c) => {
    if (payments === null) throw payingAtTableOff();
    const shareId = pathId(c.req.param('share_id'), 'share');
    return c.json(await cancelShare(db, { payments, now, logFields: requestFields(c) }, seatingKeyOf(c), shareId));
  });

  const tableId = (c: Context) => pathId(c.req.param('id') ?? '', 'table');

  api.get('/staff/tables/:id/bill', async (c) => {
    await requireStaff(db, c, now());
    return c.json(await readStaffBill(db, tableId(c), now()));
  });

  // Waiters and managers keep the till; the kitchen sees the bill but takes no money.
  api.post('/staff/tables/:id/payments', async (c) => {
    const who = await requireStaff(db, c, now());
    if (who.role === 'kitchen') throw tillForbidden();
    const id = tableId(c);
    const input = parseTillPayment(await jsonBody(c));
    return c.json(await addTillPayment(db, id, input, who.name, now()), 201);
  });

  api.post('/staff/payments/:id/refund', async (c) => {
    const who = await requireStaff(db, c, now(), { role: 'manager', what: 'refund a payment' });
    const id = pathId(c.req.param('id'), 'payment');
    const input = parseRefund(await jsonBody(c));
    // Without a payment provider only the till's money is refunded, which needs none.
    return c.json(await refundPayment(db, payments ?? demoPayments, id, input, who.name, now(), requestFields(c)), 201);
  });
}
