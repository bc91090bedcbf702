// A seating's bill in the database: reading it by the domain's rules, shares and their payment, the till and refunds.
import { createHash } from 'node:crypto';
import { SHARE_HOLD_MINUTES, type Bill, type Share } from '../../contract/bill';
import type { PaymentRecord, TillPayment } from '../../contract/tables';
import { cancelling, isFood, planShare, type ShareKind, type ShareStatus } from '../../src/domain/bill';
import { fromCents, toCents } from '../../src/domain/money';
import type { Database, Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';
import { log } from '../ops/log';
import type { LogFields } from '../ops/request-context';
import type { PaymentIntentState, PaymentsPort } from '../payments/payment-port';
import { demoOutcome, type DemoOutcome } from '../payments/demo-cards';
import { readRestaurant } from '../restaurant/restaurant-store';
import { seatingByKey } from '../tables/seatings';
import {
  cancelUnreachable,
  moneyWriter,
  nobodySeated,
  overBalance,
  paymentNotFound,
  paymentProviderFailed,
  paymentProviderUnreachable,
  refundTooMuch,
  shareClosed,
  shareKeyReused,
  shareBusy,
  shareNotFound,
  sharePaid,
} from './bill-errors';
import { shareFingerprint, shareRequestOf, type NewShareInput } from './bill-parsing';
import {
  effectiveShares,
  figuresOf,
  planError,
  rulesOf,
  tipsOf,
  toBill,
  toShare,
  type SeatingBillData,
  type ShareRecord,
} from './bill-view';

interface SeatingJson {
  id: string | number;
  table_id: number;
  started_at: string | Date;
  ended_at: string | Date | null;
  lines: {
    line_id: number;
    order_id: string;
    guest: string | null;
    name: string;
    menu_id: number;
    quantity: number;
    unit_cents: number;
    counted: boolean;
    station: string | null;
  }[];
  shares: {
    id: number;
    kind: ShareKind;
    amount_cents: number;
    tip_cents: number;
    status: ShareStatus;
    provider: string;
    provider_ref: string | null;
    next_step: 'authenticate' | null;
    decline_code: string | null;
    split_parts: number | null;
    split_part: number | null;
    split_base_cents: number | null;
    created_at: string;
    expires_at: string;
    units: { line_id: number; unit: number }[];
  }[];
  payments: { amount_cents: number; tip_cents: number }[];
  refunds: { amount_cents: number }[];
}

// One statement for the whole seating: its lines (with each dish's station, its own or its category's, for the
// service charge on food), its shares with their claimed units, and its till payments and refunds.
const SELECT_SEATING = `
  SELECT s.id, s.table_id, s.started_at, s.ended_at,
    coalesce((SELECT json_agg(json_build_object('line_id', l.line_id, 'order_id', l.order_id, 'guest', o.guest,
                'name', l.name, 'menu_id', l.menu_id, 'quantity', l.quantity, 'unit_cents', l.unit_price_cents,
                'counted', o.status <> 'cancelled', 'station', coalesce(m.station, c.station))
                ORDER BY o.created_at, o.seq, l.line_id)
              FROM orders o JOIN order_lines l ON l.order_id = o.order_id
              JOIN menu_items m ON m.id = l.menu_id
              JOIN sub_categories sc ON sc.id = m.sub_category_id
              JOIN categories c ON c.id = sc.category_id
              WHERE o.seating_id = s.id), '[]'::json) AS lines,
    coalesce((SELECT json_agg(json_build_object('id', b.id, 'kind', b.kind, 'amount_cents', b.amount_cents,
                'tip_cents', b.tip_cents, 'status', b.status, 'provider', b.provider, 'provider_ref', b.provider_ref,
                'next_step', b.next_step, 'decline_code', b.decline_code, 'split_parts', b.split_parts,
                'split_part', b.split_part, 'split_base_cents', b.split_base_cents,
                'created_at', api_time(b.created_at), 'expires_at', api_time(b.expires_at),
                'units', coalesce((SELECT json_agg(json_build_object('line_id', u.line_id, 'unit', u.unit)
                                     ORDER BY u.line_id, u.unit)
                                   FROM bill_share_units u WHERE u.share_id = b.id), '[]'::json))
                ORDER BY b.id)
              FROM bill_shares b WHERE b.seating_id = s.id), '[]'::json) AS shares,
    coalesce((SELECT json_agg(json_build_object('amount_cents', p.amount_cents, 'tip_cents', p.tip_cents))
              FROM payments p WHERE p.seating_id = s.id AND p.share_id IS NULL), '[]'::json) AS payments,
    coalesce((SELECT json_agg(json_build_object('amount_cents', r.amount_cents))
              FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.seating_id = s.id), '[]'::json) AS refunds
  FROM seatings s WHERE s.id = $1`;

function toShareRecord(row: SeatingJson['shares'][number]): ShareRecord {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: row.amount_cents,
    tipCents: row.tip_cents,
    units: row.units.map((unit) => ({ lineId: unit.line_id, unit: unit.unit })),
    ...(row.split_parts !== null && row.split_part !== null && row.split_base_cents !== null
      ? { split: { parts: row.split_parts, part: row.split_part, baseCents: row.split_base_cents } }
      : {}),
    provider: row.provider,
    providerRef: row.provider_ref,
    nextStep: row.next_step,
    declineCode: row.decline_code,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

export interface LoadedSeating extends SeatingBillData {
  endedAt: Date | null;
}

/** Everything a seating's bill is computed from, read in one statement; undefined for no such seating. */
export async function loadSeating(q: Queryable, seatingId: number): Promise<LoadedSeating | undefined> {
  const [row] = await q.query<SeatingJson>(SELECT_SEATING, [seatingId]);
  if (!row) return undefined;
  return {
    seatingId: Number(row.id),
    tableId: row.table_id,
    startedAt: new Date(row.started_at),
    endedAt: row.ended_at === null ? null : new Date(row.ended_at),
    lines: row.lines.map((line) => ({
      lineId: line.line_id,
      orderId: line.order_id,
      guest: line.guest,
      name: line.name,
      menuId: line.menu_id,
      quantity: line.quantity,
      unitCents: line.unit_cents,
      food: isFood(line.station),
      counted: line.counted,
    })),
    shares: row.shares.map(toShareRecord),
    money: {
      payments: row.payments.map((payment) => ({ amountCents: payment.amount_cents, tipCents: payment.tip_cents })),
      refunds: row.refunds.map((refund) => ({ amountCents: refund.amount_cents })),
    },
  };
}

/**
 * A seating's bill computed from the database by the domain's rules (src/domain/bill.ts), ended or not: what the
 * guests' and staff's bills show, and what the day's figures can be checked against, seating by seating.
 */
export async function computeSeatingBill(q: Queryable, seatingId: number, now = new Date()): Promise<Bill | undefined> {
  const loaded = await loadSeating(q, seatingId);
  if (!loaded) return undefined;
  return toBill(loaded, rulesOf(await readRestaurant(q)), now);
}

/** The `bill` event after a change: what floors need (the whole bill is the seating's phones' to fetch). */
async function recordBillEvent(tx: Queryable, seatingId: number, now: Date): Promise<void> {
  const loaded = await loadSeating(tx, seatingId);
  if (!loaded) return;
  const figures = figuresOf(loaded, rulesOf(await readRestaurant(tx)), now);
  await recordEvent(tx, {
    type: 'bill',
    seatingId,
    payload: {
      seating_id: seatingId,
      table_id: loaded.tableId,
      total: fromCents(figures.total),
      paid: fromCents(figures.paid),
      balance: fromCents(figures.balance),
      ended: loaded.endedAt !== null,
    },
  });
}

/** Writes down what has expired, so its claimed units are free for the unique index of live claims. */
async function expireShares(tx: Queryable, seatingId: number, now: Date): Promise<void> {
  const expired = await tx.query<{ id: number }>(
    `UPDATE bill_shares SET status = 'expired' WHERE seating_id = $1 AND status = 'open' AND expires_at <= $2
     RETURNING id`,
    [seatingId, now.toISOString()],
  );
  if (expired.length === 0) return;
  await tx.query('UPDATE bill_share_units SET live = false WHERE share_id = ANY ($1::int[])', [
    expired.map((row) => row.id),
  ]);
}

/** The bill of the seating this phone's key opens. */
export async function readBill(db: Database, seatingKey: string | undefined, now: Date): Promise<Bill> {
  return db.transaction(async (tx) => {
    const seating = await seatingByKey(tx, seatingKey);
    const bill = await computeSeatingBill(tx, seating.seatingId, now);
    if (!bill) throw new Error(`Seating ${seating.seatingId} vanished`);
    return bill;
  });
}

const hashShare = (input: NewShareInput) => createHash('sha256').update(shareFingerprint(input)).digest('hex');

async function shareById(tx: Queryable, seatingId: number, shareId: number): Promise<ShareRecord | undefined> {
  const loaded = await loadSeating(tx, seatingId);
  return loaded?.shares.find((share) => share.id === shareId);
}

export interface ShareDeps {
  payments: PaymentsPort;
  now: () => Date;
  /** On what it logs: the request's id. */
  logFields?: LogFields;
}

/**
 * A guest pays part of the bill (contract v1.2). Under the seating's row lock, so shares of one table are planned one
 * after the other, across processes: a repeat of the Idempotency-Key answers its share; open shares past their hold
 * expire; the domain's planShare says what the share takes; the share and its claimed units are written with a
 * `bill` event. Then the payment provider is told, outside the lock (a network call), with the share's id as the
 * idempotency key; if it cannot be reached, the share fails at once and frees what it held.
 */
export async function createShare(
  db: Database,
  deps: ShareDeps,
  seatingKey: string | undefined,
  input: NewShareInput,
  idempotencyKey: string,
): Promise<{ share: Share; created: boolean }> {
  const now = deps.now();
  const requestHash = hashShare(input);
  const { record, created, seatingId, currency } = await db.transaction(async (tx) => {
    const seating = await seatingByKey(tx, seatingKey, { lock: 'update' });
    const restaurant = await readRestaurant(tx);
    const [earlier] = await tx.query<{ id: number; request_hash: string }>(
      'SELECT id, request_hash FROM bill_shares WHERE seating_id = $1 AND idempotency_key = $2',
      [seating.seatingId, idempotencyKey],
    );
    if (earlier) {
      if (earlier.request_hash !== requestHash) throw shareKeyReused();
      const share = await shareById(tx, seating.seatingId, earlier.id);
      if (!share) throw new Error(`Share ${earlier.id} vanished`);
      return { record: share, created: false, seatingId: seating.seatingId, currency: restaurant.currency };
    }
    await expireShares(tx, seating.seatingId, now);
    const loaded = await loadSeating(tx, seating.seatingId);
    if (!loaded) throw new Error(`Seating ${seating.seatingId} vanished`);
    const rules = rulesOf(restaurant);
    const { request, tip } = shareRequestOf(input);
    const plan = planShare(
      { lines: loaded.lines, shares: effectiveShares(loaded.shares, now), figures: figuresOf(loaded, rules, now) },
      request,
      tip,
      tipsOf(restaurant),
      rules,
    );
    if (!plan.ok) {
      const lineIds = request.kind === 'items' ? request.lines.map((line) => line.lineId) : [];
      throw planError(plan, lineIds, moneyWriter(restaurant));
    }
    const expiresAt = new Date(now.getTime() + SHARE_HOLD_MINUTES * 60_000);
    const [inserted] = await tx.query<{ id: number }>(
      `INSERT INTO bill_shares (seating_id, kind, amount_cents, tip_cents, provider, split_parts, split_part,
         split_base_cents, idempotency_key, request_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        seating.seatingId,
        input.kind,
        plan.amountCents,
        plan.tipCents,
        deps.payments.provider,
        plan.split?.parts ?? null,
        plan.split?.part ?? null,
        plan.split?.baseCents ?? null,
        idempotencyKey,
        requestHash,
        now.toISOString(),
        expiresAt.toISOString(),
      ],
    );
    if (!inserted) throw new Error('The share was not written');
    if (plan.units.length > 0) {
      // The unique index of live claims is the last word: a claim another transaction made first fails this one.
      await tx.query(
        `INSERT INTO bill_share_units (share_id, line_id, unit)
         SELECT $1, line_id, unit FROM unnest($2::int[], $3::int[]) AS u(line_id, unit)`,
        [inserted.id, plan.units.map((unit) => unit.lineId), plan.units.map((unit) => unit.unit)],
      );
    }
    await recordBillEvent(tx, seating.seatingId, now);
    const share = await shareById(tx, seating.seatingId, inserted.id);
    if (!share) throw new Error(`Share ${inserted.id} vanished`);
    return { record: share, created: true, seatingId: seating.seatingId, currency: restaurant.currency };
  });

  if (deps.payments.provider === 'demo' || record.status !== 'open') {
    return { share: toShare(record, now), created };
  }
  try {
    if (record.providerRef !== null) {
      const secret = await deps.payments.secretFor(record.providerRef);
      return { share: toShare(record, now, secret), created };
    }
    const started = await deps.payments.start({
      id: record.id,
      seatingId,
      totalCents: record.amountCents + record.tipCents,
      currency,
    });
    await db.query('UPDATE bill_shares SET provider_ref = $2 WHERE id = $1 AND provider_ref IS NULL', [
      record.id,
      started.ref,
    ]);
    return { share: toShare({ ...record, providerRef: started.ref }, now, started.secret), created };
  } catch (error) {
    log.warn(
      {
        ...deps.logFields,
        event: 'payment_start_failed',
        share: record.id,
        error: error instanceof Error ? error.message : String(error),
      },
      'A share could not be started with the payment provider: it failed and freed what it held',
    );
    await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM seatings WHERE id = $1 FOR UPDATE', [seatingId]);
      const failed = await tx.query(
        `UPDATE bill_shares SET status = 'failed', decline_code = 'provider_unreachable'
         WHERE id = $1 AND status = 'open' AND provider_ref IS NULL RETURNING id`,
        [record.id],
      );
      if (failed.length > 0) {
        await tx.query('UPDATE bill_share_units SET live = false WHERE share_id = $1', [record.id]);
        await recordBillEvent(tx, seatingId, deps.now());
      }
    });
    throw paymentProviderUnreachable();
  }
}

/**
 * Applies a payment provider's verified word to a share, in the caller's transaction, which holds the seating's and
 * the share's row locks: paid once (the payments row's unique share_id makes a second impossible), failed with its
 * reason (its claims freed), or open with a second step to take. Money a provider took for a share that had expired
 * meanwhile is still recorded: its lines are claimed again where nobody else has them.
 */
async function settleShare(
  tx: Queryable,
  seatingId: number,
  share: ShareRecord,
  outcome: DemoOutcome,
  now: Date,
): Promise<void> {
  if (share.status === 'paid') return;
  if (outcome.kind === 'second_step') {
    await tx.query(`UPDATE bill_shares SET next_step = 'authenticate' WHERE id = $1`, [share.id]);
  } else if (outcome.kind === 'declined') {
    if (share.status !== 'open') return;
    await tx.query(`UPDATE bill_shares SET status = 'failed', next_step = NULL, decline_code = $2 WHERE id = $1`, [
      share.id,
      outcome.code,
    ]);
    await tx.query('UPDATE bill_share_units SET live = false WHERE share_id = $1', [share.id]);
  } else {
    if (share.status !== 'open') {
      await tx.query(
        `UPDATE bill_share_units u SET live = true
         WHERE u.share_id = $1 AND NOT u.live AND NOT EXISTS (
           SELECT 1 FROM bill_share_units o WHERE o.live AND o.line_id = u.line_id AND o.unit = u.unit)`,
        [share.id],
      );
      await tx.query('DELETE FROM bill_share_units WHERE share_id = $1 AND NOT live', [share.id]);
    }
    await tx.query(
      `UPDATE bill_shares SET status = 'paid', next_step = NULL, decline_code = NULL, paid_at = $2 WHERE id = $1`,
      [share.id, now.toISOString()],
    );
    await tx.query(
      `INSERT INTO payments (seating_id, method, amount_cents, tip_cents, share_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (share_id) DO NOTHING`,
      [seatingId, share.provider === 'stripe' ? 'stripe' : 'demo', share.amountCents, share.tipCents, share.id],
    );
  }
  await recordBillEvent(tx, seatingId, now);
}

/**
 * The demo provider's payment step: a test card approves, declines or asks for a second step. Under the seating's
 * and the share's row locks, so any number of confirmations at once pay it once; a paid share is answered as it is.
 */
export async function confirmDemoShare(
  db: Database,
  now: Date,
  seatingKey: string | undefined,
  shareId: number,
  card: { card_number: string; second_step?: 'complete' | 'fail' | undefined },
): Promise<Share> {
  return db.transaction(async (tx) => {
    const seating = await seatingByKey(tx, seatingKey, { lock: 'update' });
    await expireShares(tx, seating.seatingId, now);
    const share = await shareById(tx, seating.seatingId, shareId);
    if (!share || share.provider !== 'demo') throw shareNotFound(shareId);
    if (share.status === 'paid') return toShare(share, now);
    if (share.status !== 'open') throw shareClosed(share.status);
    await settleShare(
      tx,
      seating.seatingId,
      share,
      demoOutcome(card.card_number, card.second_step, share.nextStep !== null),
      now,
    );
    const settled = await shareById(tx, seating.seatingId, shareId);
    if (!settled) throw shareNotFound(shareId);
    return toShare(settled, now);
  });
}

/**
 * The phone that made a share cancels it (contract v1.2 `cancelShare`): under the seating's and the share's row locks,
 * in one transaction, the share becomes `cancelled` and its claimed units are free. The payment provider is asked
 * first, inside the locks as a refund is, so no webhook settles the share meanwhile: a share is never cancelled while
 * the provider may still take its money. Stripe's word that it succeeded already is recorded as paid (committed), and
 * answered 409.
 */
export async function cancelShare(
  db: Database,
  deps: ShareDeps,
  seatingKey: string | undefined,
  shareId: number,
): Promise<Share> {
  const now = deps.now();
  const outcome = await db.transaction(async (tx): Promise<{ paid: true } | { share: ShareRecord }> => {
    const seating = await seatingByKey(tx, seatingKey, { lock: 'update' });
    await expireShares(tx, seating.seatingId, now);
    await tx.query('SELECT id FROM bill_shares WHERE id = $1 AND seating_id = $2 FOR UPDATE', [
      shareId,
      seating.seatingId,
    ]);
    const share = await shareById(tx, seating.seatingId, shareId);
    if (!share) throw shareNotFound(shareId);
    const step = cancelling(share.status);
    if (step === 'as_is') return { share };
    if (step === 'paid') throw sharePaid();
    if (step === 'ended') throw shareClosed(share.status);
    if (share.provider !== 'demo') {
      // Without its PaymentIntent's id (being made right now), nothing could stop that intent from being paid.
      if (share.providerRef === null) throw shareBusy();
      if (deps.payments.provider !== share.provider) throw cancelUnreachable();
      let status;
      try {
        ({ status } = await deps.payments.cancel(share.providerRef));
      } catch (error) {
        log.warn(
          {
            ...deps.logFields,
            event: 'payment_cancel_failed',
            share: share.id,
            error: error instanceof Error ? error.message : String(error),
          },
          'A share’s payment could not be cancelled with the payment provider: the share is left as it was',
        );
        throw cancelUnreachable();
      }
      if (status === 'succeeded') {
        await settleShare(tx, seating.seatingId, share, { kind: 'paid' }, now);
        return { paid: true };
      }
      if (status !== 'canceled') throw shareBusy();
    }
    await tx.query(`UPDATE bill_shares SET status = 'cancelled', next_step = NULL WHERE id = $1`, [share.id]);
    await tx.query('UPDATE bill_share_units SET live = false WHERE share_id = $1', [share.id]);
    await recordBillEvent(tx, seating.seatingId, now);
    const cancelled = await shareById(tx, seating.seatingId, share.id);
    if (!cancelled) throw shareNotFound(shareId);
    return { share: cancelled };
  });
  if ('paid' in outcome) throw sharePaid();
  return toShare(outcome.share, now);
}

/**
 * A Stripe PaymentIntent as Stripe has it now (read again after a webhook), applied to its share: succeeded → paid,
 * canceled or back to asking for a payment method → failed, anything else waits. Events out of order therefore leave
 * the share as the PaymentIntent is. In the caller's transaction; false for an intent that is no share of ours.
 */
export async function applyPaymentIntent(tx: Queryable, intent: PaymentIntentState, now: Date): Promise<boolean> {
  {
    const [row] = await tx.query<{ id: number; seating_id: string | number; amount_cents: number; tip_cents: number }>(
      `SELECT id, seating_id, amount_cents, tip_cents FROM bill_shares WHERE provider = 'stripe' AND provider_ref = $1`,
      [intent.id],
    );
    if (!row || (intent.shareId !== undefined && intent.shareId !== row.id)) return false;
    const seatingId = Number(row.seating_id);
    await tx.query('SELECT id FROM seatings WHERE id = $1 FOR UPDATE', [seatingId]);
    await tx.query('SELECT id FROM bill_shares WHERE id = $1 FOR UPDATE', [row.id]);
    const share = await shareById(tx, seatingId, row.id);
    if (!share) return false;
    if (intent.status === 'succeeded') {
      await settleShare(tx, seatingId, share, { kind: 'paid' }, now);
    } else if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
      // A PaymentIntent asks for a payment method again after a decline; the guest starts a new share to retry.
      if (share.status === 'open' && intent.status === 'canceled') {
        await settleShare(tx, seatingId, share, { kind: 'declined', code: 'card_declined' }, now);
      }
    }
    return true;
  }
}

/** Records a payment provider's event id; false when it was seen before (the caller then changes nothing). */
export async function firstTimeEvent(tx: Queryable, provider: string, eventId: string): Promise<boolean> {
  const inserted = await tx.query(
    'INSERT INTO payment_events (provider, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id',
    [provider, eventId],
  );
  return inserted.length > 0;
}

interface PaymentRow {
  id: number;
  seating_id: string | number;
  table_id: number;
  method: PaymentRecord['method'];
  amount_cents: number;
  tip_cents: number;
  refunded_cents: number;
  share_id: number | null;
  taken_by: string | null;
  created_at: string;
  provider_ref: string | null;
}

const SELECT_PAYMENTS = `
  SELECT p.id, p.seating_id, s.table_id, p.method, p.amount_cents, p.tip_cents, p.share_id, p.taken_by,
         api_time(p.created_at) AS created_at, b.provider_ref,
         coalesce((SELECT sum(r.amount_cents) FROM refunds r WHERE r.payment_id = p.id), 0)::int AS refunded_cents
  FROM payments p JOIN seatings s ON s.id = p.seating_id LEFT JOIN bill_shares b ON b.id = p.share_id`;

const toPaymentRecord = (row: PaymentRow): PaymentRecord => ({
  id: row.id,
  seating_id: Number(row.seating_id),
  table_id: row.table_id,
  method: row.method,
  amount: fromCents(row.amount_cents),
  tip: fromCents(row.tip_cents),
  refunded: fromCents(row.refunded_cents),
  share_id: row.share_id,
  taken_by: row.taken_by,
  created_at: row.created_at,
});

/** The open seating of a table, row-locked for a change of its money; 404 when nobody is seated. */
async function openSeatingOf(tx: Queryable, tableId: number): Promise<number> {
  const [seating] = await tx.query<{ id: string | number }>(
    'SELECT id FROM seatings WHERE table_id = $1 AND ended_at IS NULL FOR UPDATE',
    [tableId],
  );
  if (!seating) throw nobodySeated(tableId);
  return Number(seating.id);
}

/** The bill of a table's open seating as staff see it: with every payment and refund. */
export async function readStaffBill(db: Database, tableId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [seating] = await tx.query<{ id: string | number }>(
      'SELECT id FROM seatings WHERE table_id = $1 AND ended_at IS NULL',
      [tableId],
    );
    if (!seating) throw nobodySeated(tableId);
    const seatingId = Number(seating.id);
    const bill = await computeSeatingBill(tx, seatingId, now);
    if (!bill) throw nobodySeated(tableId);
    const payments = await tx.query<PaymentRow>(`${SELECT_PAYMENTS} WHERE p.seating_id = $1 ORDER BY p.id`, [
      seatingId,
    ]);
    const refunds = await tx.query<{
      id: number;
      payment_id: number;
      amount_cents: number;
      reason: string;
      refunded_by: string;
      created_at: string;
    }>(
      `SELECT r.id, r.payment_id, r.amount_cents, r.reason, r.refunded_by, api_time(r.created_at) AS created_at
       FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.seating_id = $1 ORDER BY r.id`,
      [seatingId],
    );
    return {
      ...bill,
      payments: payments.map(toPaymentRecord),
      refunds: refunds.map((row) => ({
        id: row.id,
        payment_id: row.payment_id,
        amount: fromCents(row.amount_cents),
        reason: row.reason,
        by: row.refunded_by,
        created_at: row.created_at,
      })),
    };
  });
}

/** Money taken at the counter, never more than what is left to pay; a `bill` event tells the table and the floor. */
export async function addTillPayment(
  db: Database,
  tableId: number,
  input: TillPayment,
  by: string,
  now: Date,
): Promise<PaymentRecord> {
  return db.transaction(async (tx) => {
    const seatingId = await openSeatingOf(tx, tableId);
    await expireShares(tx, seatingId, now);
    const loaded = await loadSeating(tx, seatingId);
    if (!loaded) throw nobodySeated(tableId);
    const restaurant = await readRestaurant(tx);
    const figures = figuresOf(loaded, rulesOf(restaurant), now);
    const amountCents = toCents(input.amount);
    if (amountCents > figures.available) throw overBalance(figures.available, moneyWriter(restaurant), 'payment');
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO payments (seating_id, method, amount_cents, tip_cents, taken_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [seatingId, input.method, amountCents, toCents(input.tip ?? 0), by, now.toISOString()],
    );
    await recordBillEvent(tx, seatingId, now);
    const [payment] = await tx.query<PaymentRow>(`${SELECT_PAYMENTS} WHERE p.id = $1`, [row?.id]);
    if (!payment) throw new Error('The payment was not written');
    return toPaymentRecord(payment);
  });
}

/**
 * A manager gives back part of a payment, never more than is left of it; a Stripe payment through Stripe (with a
 * key that makes a retry refund once), inside the payment's row lock, so two refunds at once cannot both pass.
 */
export async function refundPayment(
  db: Database,
  payments: PaymentsPort,
  paymentId: number,
  input: { amount: number; reason: string },
  by: string,
  now: Date,
  logFields: LogFields = {},
) {
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<PaymentRow>(`${SELECT_PAYMENTS} WHERE p.id = $1`, [paymentId]);
    if (!payment) throw paymentNotFound(paymentId);
    await tx.query('SELECT id FROM seatings WHERE id = $1 FOR UPDATE', [payment.seating_id]);
    await tx.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE', [paymentId]);
    const [{ refunded } = { refunded: 0 }] = await tx.query<{ refunded: number }>(
      'SELECT coalesce(sum(amount_cents), 0)::int AS refunded FROM refunds WHERE payment_id = $1',
      [paymentId],
    );
    const left = payment.amount_cents + payment.tip_cents - refunded;
    const amountCents = toCents(input.amount);
    const restaurant = await readRestaurant(tx);
    if (amountCents > left) throw refundTooMuch(left, moneyWriter(restaurant));
    let providerRef: string | null = null;
    if (payment.method === 'stripe') {
      try {
        ({ ref: providerRef } = await payments.refund({
          ref: payment.provider_ref,
          amountCents,
          currency: restaurant.currency,
          key: `refund_${paymentId}_${refunded}_${amountCents}`,
        }));
      } catch (error) {
        log.warn(
          {
            ...logFields,
            event: 'refund_failed',
            payment: paymentId,
            error: error instanceof Error ? error.message : String(error),
          },
          'The payment provider refused a refund: nothing was recorded',
        );
        throw paymentProviderFailed('the refund');
      }
    }
    const [row] = await tx.query<{ id: number; created_at: string }>(
      `INSERT INTO refunds (payment_id, amount_cents, reason, refunded_by, provider_ref, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, api_time(created_at) AS created_at`,
      [paymentId, amountCents, input.reason, by, providerRef, now.toISOString()],
    );
    await recordBillEvent(tx, Number(payment.seating_id), now);
    return {
      id: row?.id ?? 0,
      payment_id: paymentId,
      amount: fromCents(amountCents),
      reason: input.reason,
      by,
      created_at: row?.created_at ?? now.toISOString(),
    };
  });
}

/** The balance a clear would leave unpaid (what open shares hold counts as unpaid until they are paid). */
export async function seatingBalance(tx: Queryable, seatingId: number, now: Date): Promise<number> {
  const loaded = await loadSeating(tx, seatingId);
  if (!loaded) return 0;
  return figuresOf(loaded, rulesOf(await readRestaurant(tx)), now).balance;
}

export { recordBillEvent };
