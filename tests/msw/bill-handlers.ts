// The fake provider's bill (contract v1.2): shares and the demo payment step, the staff's bill, the till and refunds,
// computed by the same domain rules and views as the provider.
import { http, type HttpHandler } from 'msw';
import { billSchema, SHARE_HOLD_MINUTES, shareSchema } from '../../contract/bill';
import type { Restaurant } from '../../contract/restaurant';
import { paymentRecordSchema, refundRecordSchema, staffBillSchema, type PaymentRecord } from '../../contract/tables';
import { cancelling, planShare } from '../../src/domain/bill';
import { fromCents, toCents } from '../../src/domain/money';
import { parseIdempotencyKey, parseJsonBody } from '../../server/api/request-parsing';
import {
  idempotencyKeyNeeded,
  moneyWriter,
  nobodySeated,
  overBalance,
  paymentNotFound,
  refundTooMuch,
  shareClosed,
  shareKeyReused,
  shareNotFound,
  sharePaid,
  tillForbidden,
} from '../../server/bill/bill-errors';
import {
  parseDemoPayment,
  parseNewShare,
  parseRefund,
  parseTillPayment,
  shareFingerprint,
  shareRequestOf,
} from '../../server/bill/bill-parsing';
import {
  effectiveShares,
  figuresOf,
  planError,
  rulesOf,
  tipsOf,
  toBill,
  toShare,
  type LineRecord,
  type SeatingBillData,
  type ShareRecord,
} from '../../server/bill/bill-view';
import { demoOutcome } from '../../server/payments/demo-cards';
import { pathId } from '../../server/staff/staff-parsing';
import type { FakeStaff, StaffRoute } from './staff-handlers';
import type { FakeSeating, FakeTables } from './table-handlers';

export interface FakeBillContext {
  base: string;
  now: () => Date;
  staff: FakeStaff;
  tables: () => FakeTables;
  restaurant: () => Restaurant;
  /** The seating's lines, oldest order first. */
  lines: (seatingId: number) => LineRecord[];
  route: StaffRoute;
}

interface FakeShare extends ShareRecord {
  seatingId: number;
  idempotencyKey: string;
  fingerprint: string;
}

export interface FakePayment {
  id: number;
  seatingId: number;
  method: PaymentRecord['method'];
  amountCents: number;
  tipCents: number;
  shareId: number | null;
  takenBy: string | null;
  createdAt: Date;
}

export interface FakeRefund {
  id: number;
  paymentId: number;
  amountCents: number;
  reason: string;
  by: string;
  createdAt: Date;
}

export interface FakeBill {
  handlers: HttpHandler[];
  balanceOf(seatingId: number): number;
  moneyOf(seatingId: number): { total: number; paid: number; balance: number };
  onSeatingEnded(seatingId: number): void;
  /** Lets every open share's hold run out now. */
  expireShares(): void;
  /** Every payment and refund taken, oldest first (the day's figures count them). */
  payments(): readonly FakePayment[];
  refunds(): readonly FakeRefund[];
  /** Moves a seating's payments and their refunds to another time (a contract case's past day). */
  moveMoney(seatingId: number, at: Date): void;
  reset(): void;
}

export function createBillHandlers(ctx: FakeBillContext): FakeBill {
  let shares: FakeShare[] = [];
  let payments: FakePayment[] = [];
  let refunds: FakeRefund[] = [];
  const url = (path: string) => `${ctx.base}${path}`;
  const { route } = ctx;

  function data(seating: FakeSeating): SeatingBillData {
    const paymentIds = new Set(payments.filter((p) => p.seatingId === seating.id).map((p) => p.id));
    return {
      seatingId: seating.id,
      tableId: seating.tableId,
      startedAt: seating.startedAt,
      lines: ctx.lines(seating.id),
      shares: shares.filter((share) => share.seatingId === seating.id),
      money: {
        payments: payments
          .filter((p) => p.seatingId === seating.id && p.shareId === null)
          .map((p) => ({ amountCents: p.amountCents, tipCents: p.tipCents })),
        refunds: refunds.filter((r) => paymentIds.has(r.paymentId)).map((r) => ({ amountCents: r.amountCents })),
      },
    };
  }

  const seatingById = (id: number) =>
    ctx
      .tables()
      .seatings()
      .find((seating) => seating.id === id);
  const figures = (seating: FakeSeating) => figuresOf(data(seating), rulesOf(ctx.restaurant()), ctx.now());

  /** Writes down what has expired, as the provider does before planning a share. */
  function expire(seatingId: number) {
    const now = ctx.now().getTime();
    for (const share of shares) {
      if (share.seatingId === seatingId && share.status === 'open' && share.expiresAt.getTime() <= now) {
        share.status = 'expired';
      }
    }
  }

  function openSeatingOf(tableId: number): FakeSeating {
    const seating = ctx
      .tables()
      .seatings()
      .find((candidate) => candidate.tableId === tableId && candidate.endedAt === null);
    if (!seating) throw nobodySeated(tableId);
    return seating;
  }

  const toRecord = (payment: FakePayment): PaymentRecord => ({
    id: payment.id,
    seating_id: payment.seatingId,
    table_id: seatingById(payment.seatingId)?.tableId ?? 0,
    method: payment.method,
    amount: fromCents(payment.amountCents),
    tip: fromCents(payment.tipCents),
    refunded: fromCents(refunds.filter((r) => r.paymentId === payment.id).reduce((sum, r) => sum + r.amountCents, 0)),
    share_id: payment.shareId,
    taken_by: payment.takenBy,
    created_at: payment.createdAt.toISOString(),
  });

  const seatingKeyOf = (request: Request) => request.headers.get('X-Seating-Key')?.trim() || undefined;

  const handlers: HttpHandler[] = [
    http.get(
      url('/table/bill'),
      route((request) => {
        const seating = ctx.tables().seatingByKey(seatingKeyOf(request));
        const bill = toBill(data(seating), rulesOf(ctx.restaurant()), ctx.now());
        return { body: { ...bill, pay_at_table: true }, schema: billSchema };
      }),
    ),
    http.post(
      url('/table/bill/shares'),
      route((request, _url, body) => {
        const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
        if (key === undefined) throw idempotencyKeyNeeded();
        const input = parseNewShare(parseJsonBody(body));
        const seating = ctx.tables().seatingByKey(seatingKeyOf(request));
        const now = ctx.now();
        const earlier = shares.find((share) => share.seatingId === seating.id && share.idempotencyKey === key);
        if (earlier) {
          if (earlier.fingerprint !== shareFingerprint(input)) throw shareKeyReused();
          return { status: 200, body: toShare(earlier, now), schema: shareSchema };
        }
        expire(seating.id);
        const restaurant = ctx.restaurant();
        const rules = rulesOf(restaurant);
        const bill = data(seating);
        const { request: asked, tip } = shareRequestOf(input);
        const plan = planShare(
          { lines: bill.lines, shares: effectiveShares(bill.shares, now), figures: figuresOf(bill, rules, now) },
          asked,
          tip,
          tipsOf(restaurant),
          rules,
        );
        if (!plan.ok) {
          const lineIds = asked.kind === 'items' ? asked.lines.map((line) => line.lineId) : [];
          throw planError(plan, lineIds, moneyWriter(restaurant));
        }
        const share: FakeShare = {
          id: shares.length + 1,
          seatingId: seating.id,
          kind: input.kind,
          status: 'open',
          amountCents: plan.amountCents,
          tipCents: plan.tipCents,
          units: plan.units,
          ...(plan.split ? { split: plan.split } : {}),
          provider: 'demo',
          providerRef: null,
          nextStep: null,
          declineCode: null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SHARE_HOLD_MINUTES * 60_000),
          idempotencyKey: key,
          fingerprint: shareFingerprint(input),
        };
        shares.push(share);
        return { status: 201, body: toShare(share, now), schema: shareSchema };
      }),
    ),
    http.delete(
      url('/table/bill/shares/:shareId'),
      route((request, _url, _body, params) => {
        const shareId = pathId(params.shareId ?? '', 'share');
        const seating = ctx.tables().seatingByKey(seatingKeyOf(request));
        expire(seating.id);
        const share = shares.find((candidate) => candidate.id === shareId && candidate.seatingId === seating.id);
        if (!share) throw shareNotFound(shareId);
        const step = cancelling(share.status);
        if (step === 'paid') throw sharePaid();
        if (step === 'ended') throw shareClosed(share.status);
        // Its units are held only while it is live: cancelled, they are free for the next share at once.
        if (step === 'cancel') Object.assign(share, { status: 'cancelled', nextStep: null });
        return { body: toShare(share, ctx.now()), schema: shareSchema };
      }),
    ),
    http.post(
      url('/payments/demo/:shareId'),
      route((request, _url, body, params) => {
        const shareId = pathId(params.shareId ?? '', 'share');
        const card = parseDemoPayment(parseJsonBody(body));
        const seating = ctx.tables().seatingByKey(seatingKeyOf(request));
        expire(seating.id);
        const share = shares.find((candidate) => candidate.id === shareId && candidate.seatingId === seating.id);
        if (!share) throw shareNotFound(shareId);
        const now = ctx.now();
        if (share.status === 'paid') return { body: toShare(share, now), schema: shareSchema };
        if (share.status !== 'open') throw shareClosed(share.status);
        const outcome = demoOutcome(card.card_number, card.second_step, share.nextStep !== null);
        if (outcome.kind === 'second_step') {
          share.nextStep = 'authenticate';
        } else if (outcome.kind === 'declined') {
          Object.assign(share, { status: 'failed', nextStep: null, declineCode: outcome.code });
        } else {
          Object.assign(share, { status: 'paid', nextStep: null, declineCode: null });
          payments.push({
            id: payments.length + 1,
            seatingId: seating.id,
            method: 'demo',
            amountCents: share.amountCents,
            tipCents: share.tipCents,
            shareId: share.id,
            takenBy: null,
            createdAt: now,
          });
        }
        return { body: toShare(share, now), schema: shareSchema };
      }),
    ),
    http.get(
      url('/staff/tables/:id/bill'),
      route((request, _url, _body, params) => {
        ctx.staff.requireSession(request);
        const seating = openSeatingOf(pathId(params.id ?? '', 'table'));
        const bill = toBill(data(seating), rulesOf(ctx.restaurant()), ctx.now());
        const own = payments.filter((payment) => payment.seatingId === seating.id);
        const body = {
          ...bill,
          payments: own.map(toRecord),
          refunds: refunds
            .filter((refund) => own.some((payment) => payment.id === refund.paymentId))
            .map((refund) => ({
              id: refund.id,
              payment_id: refund.paymentId,
              amount: fromCents(refund.amountCents),
              reason: refund.reason,
              by: refund.by,
              created_at: refund.createdAt.toISOString(),
            })),
        };
        return { body, schema: staffBillSchema };
      }),
    ),
    http.post(
      url('/staff/tables/:id/payments'),
      route((request, _url, body, params) => {
        const who = ctx.staff.requireSession(request);
        if (who.role === 'kitchen') throw tillForbidden();
        const tableId = pathId(params.id ?? '', 'table');
        const input = parseTillPayment(parseJsonBody(body));
        const seating = openSeatingOf(tableId);
        expire(seating.id);
        const available = figures(seating).available;
        if (toCents(input.amount) > available) throw overBalance(available, moneyWriter(ctx.restaurant()), 'payment');
        const payment: FakePayment = {
          id: payments.length + 1,
          seatingId: seating.id,
          method: input.method,
          amountCents: toCents(input.amount),
          tipCents: toCents(input.tip ?? 0),
          shareId: null,
          takenBy: who.name,
          createdAt: ctx.now(),
        };
        payments.push(payment);
        return { status: 201, body: toRecord(payment), schema: paymentRecordSchema };
      }),
    ),
    http.post(
      url('/staff/payments/:id/refund'),
      route((request, _url, body, params) => {
        const who = ctx.staff.requireSession(request, 'manager', 'refund a payment');
        const id = pathId(params.id ?? '', 'payment');
        const input = parseRefund(parseJsonBody(body));
        const payment = payments.find((candidate) => candidate.id === id);
        if (!payment) throw paymentNotFound(id);
        const given = refunds.filter((r) => r.paymentId === id).reduce((sum, r) => sum + r.amountCents, 0);
        const left = payment.amountCents + payment.tipCents - given;
        if (toCents(input.amount) > left) throw refundTooMuch(left, moneyWriter(ctx.restaurant()));
        const refund: FakeRefund = {
          id: refunds.length + 1,
          paymentId: id,
          amountCents: toCents(input.amount),
          reason: input.reason,
          by: who.name,
          createdAt: ctx.now(),
        };
        refunds.push(refund);
        return {
          status: 201,
          body: {
            id: refund.id,
            payment_id: id,
            amount: input.amount,
            reason: refund.reason,
            by: refund.by,
            created_at: refund.createdAt.toISOString(),
          },
          schema: refundRecordSchema,
        };
      }),
    ),
  ];

  return {
    handlers,
    balanceOf(seatingId) {
      const seating = seatingById(seatingId);
      return seating ? figures(seating).balance : 0;
    },
    moneyOf(seatingId) {
      const seating = seatingById(seatingId);
      if (!seating) return { total: 0, paid: 0, balance: 0 };
      const found = figures(seating);
      return { total: fromCents(found.total), paid: fromCents(found.paid), balance: fromCents(found.balance) };
    },
    onSeatingEnded(seatingId) {
      for (const share of shares)
        if (share.seatingId === seatingId && share.status === 'open') share.status = 'expired';
    },
    expireShares() {
      const past = new Date(ctx.now().getTime() - 1000);
      for (const share of shares) if (share.status === 'open') share.expiresAt = past;
    },
    payments: () => payments,
    refunds: () => refunds,
    moveMoney(seatingId, at) {
      const own = new Set(payments.filter((payment) => payment.seatingId === seatingId).map((payment) => payment.id));
      for (const payment of payments) if (own.has(payment.id)) payment.createdAt = at;
      for (const refund of refunds) if (own.has(refund.paymentId)) refund.createdAt = at;
    },
    reset() {
      shares = [];
      payments = [];
      refunds = [];
    },
  };
}
