// From a seating's lines, shares and payments to the contract's Bill and Share, by the domain's rules: one view for the provider and the fake.
import type { Bill, Share } from '../../contract/bill';
import type { Restaurant } from '../../contract/restaurant';
import {
  computeBill,
  type BillFigures,
  type BillLine,
  type BillMoney,
  type BillRules,
  type BillShare,
  type SharePlan,
  type TipsPolicy,
} from '../../src/domain/bill';
import { fromCents } from '../../src/domain/money';
import { alreadyPaid, badTip, nothingToPay, overBalance, unknownLine, type MoneyWriter } from './bill-errors';

export const rulesOf = (restaurant: Restaurant): BillRules => ({
  tax: restaurant.tax,
  serviceCharge: restaurant.service_charge && {
    rate: restaurant.service_charge.rate,
    appliesTo: restaurant.service_charge.applies_to,
  },
});

export const tipsOf = (restaurant: Restaurant): TipsPolicy => restaurant.tips;

export interface LineRecord extends BillLine {
  orderId: string;
  guest: string | null;
  name: string;
  menuId: number;
}

export interface ShareRecord extends BillShare {
  provider: string;
  providerRef: string | null;
  nextStep: 'authenticate' | null;
  declineCode: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface SeatingBillData {
  seatingId: number;
  tableId: number;
  startedAt: Date;
  lines: LineRecord[];
  shares: ShareRecord[];
  money: BillMoney;
}

/** An open share past its hold is expired, whether or not anyone has written so yet. */
export function effectiveShares(shares: readonly ShareRecord[], now: Date): ShareRecord[] {
  return shares.map((share) =>
    share.status === 'open' && share.expiresAt.getTime() <= now.getTime() ? { ...share, status: 'expired' } : share,
  );
}

export function figuresOf(data: SeatingBillData, rules: BillRules, now: Date): BillFigures {
  return computeBill(data.lines, effectiveShares(data.shares, now), data.money, rules);
}

/** The demo provider's payment step: a screen of the app, for this share. */
export const demoPaymentUrl = (shareId: number) => `/pay?share=${shareId}`;

/**
 * A share as the contract answers it. `secret` (a Stripe client secret and publishable key) goes only to the phone
 * that made the share; the bill every phone reads never carries it.
 */
export function toShare(
  share: ShareRecord,
  now: Date,
  secret?: { client_secret: string; publishable_key: string },
): Share {
  const [effective] = effectiveShares([share], now);
  const status = effective?.status ?? share.status;
  const lines = new Map<number, number>();
  for (const { lineId } of share.units) lines.set(lineId, (lines.get(lineId) ?? 0) + 1);
  return {
    id: share.id,
    kind: share.kind,
    amount: fromCents(share.amountCents),
    tip: fromCents(share.tipCents),
    total: fromCents(share.amountCents + share.tipCents),
    status,
    payment:
      share.provider === 'demo'
        ? {
            provider: 'demo',
            url: demoPaymentUrl(share.id),
            next_step: share.nextStep,
            decline_code: share.declineCode,
          }
        : { provider: share.provider, decline_code: share.declineCode, ...secret },
    created_at: share.createdAt.toISOString(),
    expires_at: share.expiresAt.toISOString(),
    ...(share.kind === 'items' ? { lines: [...lines].map(([line_id, quantity]) => ({ line_id, quantity })) } : {}),
    ...(share.split ? { parts: share.split.parts } : {}),
  };
}

export function toBill(data: SeatingBillData, rules: BillRules, now: Date): Bill {
  const figures = figuresOf(data, rules, now);
  return {
    seating_id: data.seatingId,
    table_id: data.tableId,
    started_at: data.startedAt.toISOString(),
    lines: data.lines
      .filter((line) => line.counted)
      .map((line) => ({
        order_id: line.orderId,
        line_id: line.lineId,
        guest: line.guest,
        name: line.name,
        menu_id: line.menuId,
        quantity: line.quantity,
        unit_price: fromCents(line.unitCents),
        paid_quantity: figures.lines.get(line.lineId)?.paidQuantity ?? 0,
        held_quantity: figures.lines.get(line.lineId)?.heldQuantity ?? 0,
      })),
    subtotal: fromCents(figures.subtotal),
    tax: fromCents(figures.tax),
    tax_included: rules.tax.included,
    service_charge: fromCents(figures.serviceCharge),
    tips: fromCents(figures.tips),
    total: fromCents(figures.total),
    paid: fromCents(figures.paid),
    balance: fromCents(figures.balance),
    available: fromCents(figures.available),
    shares: data.shares.map((share) => toShare(share, now)),
  };
}

/** The refusal for a share the rules do not allow. */
export function planError(
  plan: Extract<SharePlan, { ok: false }>,
  requestedLineIds: readonly number[],
  money: MoneyWriter,
): Error {
  switch (plan.problem) {
    case 'already_paid':
      return alreadyPaid(
        plan.left.map((left) => ({ index: requestedLineIds.indexOf(left.lineId), quantity: left.quantity })),
        plan.available,
        money,
      );
    case 'over_balance':
      return overBalance(plan.available, money);
    case 'unknown_line':
      return unknownLine(plan.index);
    case 'nothing_to_pay':
      return nothingToPay();
    case 'bad_tip':
      return badTip(plan.reason, money, plan.mostCents);
  }
}
