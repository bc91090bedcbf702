// The bill's rules: worked examples, then properties over any bill and any sequence of shares (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeBill,
  divideHalfUp,
  lineCharges,
  planShare,
  splitEqually,
  tipFor,
  unitDue,
  type BillLine,
  type BillRules,
  type BillShare,
  type ShareRequest,
  type TipsPolicy,
} from '../../../src/domain/bill';

const ADDED: BillRules = { tax: { rate: 0.1, included: false }, serviceCharge: null };
const INCLUDED: BillRules = { tax: { rate: 0.21, included: true }, serviceCharge: { rate: 0.1, appliesTo: 'food' } };
const TIPS: TipsPolicy = { presets: [0.1, 0.15], custom: true };
const NO_MONEY = { payments: [], refunds: [] };

const line = (lineId: number, quantity: number, unitCents: number, food = true): BillLine => ({
  lineId,
  quantity,
  unitCents,
  food,
  counted: true,
});

describe('the bill, worked examples', () => {
  it('rounds half up on each line, never on units', () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(4, 2)).toBe(2);
    // 3 × 0.05 at 10 %: 1.5 cents of tax on the line is 2, while 3 units of 0.5 would be 3.
    expect(lineCharges(15, true, ADDED)).toEqual({ subtotal: 15, tax: 2, service: 0, due: 17 });
    expect([1, 2, 3].map((unit) => unitDue(line(1, 3, 5), unit, ADDED))).toEqual([6, 5, 6]);
  });

  it('included tax is the part of the price that is tax; the service charge is on food only', () => {
    // 12.10 with 21 % included holds 2.10 of tax; 10 % service on it is 1.21.
    expect(lineCharges(1210, true, INCLUDED)).toEqual({ subtotal: 1210, tax: 210, service: 121, due: 1331 });
    expect(lineCharges(1210, false, INCLUDED)).toEqual({ subtotal: 1210, tax: 210, service: 0, due: 1210 });
  });

  it('a bill: subtotal, tax, service, tips, paid and balance; cancelled lines are not charged', () => {
    const lines = [line(1, 2, 1150), line(2, 1, 450, false), { ...line(3, 1, 999), counted: false }];
    const shares: BillShare[] = [
      { id: 1, kind: 'amount', status: 'paid', amountCents: 1000, tipCents: 100, units: [] },
      { id: 2, kind: 'amount', status: 'open', amountCents: 500, tipCents: 0, units: [] },
      { id: 3, kind: 'amount', status: 'failed', amountCents: 700, tipCents: 0, units: [] },
    ];
    const bill = computeBill(lines, shares, { payments: [{ amountCents: 200, tipCents: 0 }], refunds: [] }, INCLUDED);
    expect(bill).toMatchObject({
      subtotal: 2750,
      tax: 399 + 78,
      serviceCharge: 230,
      tips: 100,
      total: 2750 + 230 + 100,
      paid: 1300,
      balance: 2750 + 230 - 1200,
      held: 500,
      available: 2750 + 230 - 1200 - 500,
    });
  });

  it('tips: a rate of the share, an amount, and what the restaurant takes', () => {
    expect(tipFor(2500, { rate: 0.1 }, TIPS)).toEqual({ ok: true, cents: 250 });
    expect(tipFor(2500, { amountCents: 300 }, TIPS)).toEqual({ ok: true, cents: 300 });
    expect(tipFor(2500, { rate: 0.12 }, { presets: [0.1], custom: false }).ok).toBe(false);
    expect(tipFor(2500, { amountCents: 300 }, { presets: [0.1], custom: false }).ok).toBe(false);
    expect(tipFor(2500, { rate: 0.1 }, null).ok).toBe(false);
    expect(tipFor(2500, { rate: 0 }, null)).toEqual({ ok: true, cents: 0 });
    expect(tipFor(2500, { amountCents: 2501 }, TIPS)).toMatchObject({ ok: false, problem: 'over_amount' });
  });

  it('an items share claims the units nobody claimed; the same units again are already paid, with what is left', () => {
    const lines = [line(1, 2, 1000), line(2, 1, 500)];
    const empty = { lines, shares: [], figures: computeBill(lines, [], NO_MONEY, ADDED) };
    const first = planShare(empty, { kind: 'items', lines: [{ lineId: 1, quantity: 1 }] }, { rate: 0.1 }, TIPS, ADDED);
    expect(first).toMatchObject({ ok: true, amountCents: 1100, tipCents: 110, units: [{ lineId: 1, unit: 1 }] });
    if (!first.ok) throw new Error('planned');
    const shares: BillShare[] = [{ id: 1, kind: 'items', status: 'open', ...first }];
    const held = { lines, shares, figures: computeBill(lines, shares, NO_MONEY, ADDED) };
    const again = planShare(held, { kind: 'items', lines: [{ lineId: 1, quantity: 2 }] }, undefined, TIPS, ADDED);
    expect(again).toEqual({ ok: false, problem: 'already_paid', left: [{ lineId: 1, quantity: 1 }], available: 1650 });
    expect(planShare(held, { kind: 'items', lines: [{ lineId: 9, quantity: 1 }] }, undefined, TIPS, ADDED)).toEqual({
      ok: false,
      problem: 'unknown_line',
      index: 0,
    });
  });

  it('the rest, an amount over the balance, and a third attempt once all is paid', () => {
    const lines = [line(1, 1, 1000)];
    const paid: BillShare[] = [{ id: 1, kind: 'amount', status: 'paid', amountCents: 600, tipCents: 0, units: [] }];
    const bill = { lines, shares: paid, figures: computeBill(lines, paid, NO_MONEY, ADDED) };
    expect(planShare(bill, { kind: 'amount', amountCents: 'rest' }, undefined, TIPS, ADDED)).toMatchObject({
      ok: true,
      amountCents: 500,
    });
    expect(planShare(bill, { kind: 'amount', amountCents: 501 }, undefined, TIPS, ADDED)).toEqual({
      ok: false,
      problem: 'over_balance',
      available: 500,
    });
    const all: BillShare[] = [
      ...paid,
      { id: 2, kind: 'amount', status: 'paid', amountCents: 500, tipCents: 0, units: [] },
    ];
    const settled = { lines, shares: all, figures: computeBill(lines, all, NO_MONEY, ADDED) };
    for (const request of [
      { kind: 'amount', amountCents: 'rest' },
      { kind: 'equal', parts: 2 },
      { kind: 'items', lines: [{ lineId: 1, quantity: 1 }] },
    ] as const) {
      expect(planShare(settled, request, undefined, TIPS, ADDED)).toMatchObject({ ok: false, problem: 'already_paid' });
    }
  });
});

// --- properties ---------------------------------------------------------------------------------------------

const rate = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((permille) => permille / 1000);

const rulesArb: fc.Arbitrary<BillRules> = fc.record({
  tax: fc.record({ rate: rate(0.5), included: fc.boolean() }),
  serviceCharge: fc.option(
    fc.record({ rate: rate(0.5), appliesTo: fc.constantFrom('food' as const, 'all' as const) }),
    {
      nil: null,
    },
  ),
});

const linesArb: fc.Arbitrary<BillLine[]> = fc
  .array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 20 }),
      unitCents: fc.integer({ min: 0, max: 20_000 }),
      food: fc.boolean(),
      counted: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((lines) => lines.map((entry, index) => ({ ...entry, lineId: index + 1 })));

const dueOf = (lines: readonly BillLine[], rules: BillRules) =>
  lines
    .filter((entry) => entry.counted)
    .reduce((sum, entry) => sum + lineCharges(entry.quantity * entry.unitCents, entry.food, rules).due, 0);

/** A request drawn from the bill: lines by index into its lines, so most of them exist. */
const requestArb = fc.oneof(
  fc
    .array(fc.record({ index: fc.nat(), quantity: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 3 })
    .map((picked) => ({ kind: 'items' as const, picked })),
  fc.integer({ min: 1, max: 6 }).map((parts) => ({ kind: 'equal' as const, parts })),
  fc.integer({ min: 1, max: 50_000 }).map((amountCents) => ({ kind: 'amount' as const, amountCents })),
  fc.constant({ kind: 'rest' as const }),
);

type DrawnRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function toRequest(drawn: DrawnRequest, lines: readonly BillLine[]): ShareRequest {
  if (drawn.kind === 'items') {
    const picked = new Map<number, number>();
    for (const { index, quantity } of drawn.picked) picked.set(lines[index % lines.length]?.lineId ?? 1, quantity);
    return { kind: 'items', lines: [...picked].map(([lineId, quantity]) => ({ lineId, quantity })) };
  }
  if (drawn.kind === 'equal') return { kind: 'equal', parts: drawn.parts };
  return { kind: 'amount', amountCents: drawn.kind === 'rest' ? 'rest' : drawn.amountCents };
}

/** What becomes of a share once made: paid, failed, left open, or expired (its hold released). */
const outcomeArb = fc.constantFrom('paid', 'paid', 'open', 'failed', 'expired') as fc.Arbitrary<BillShare['status']>;

describe('the bill, properties', () => {
  it('equal parts differ by at most a cent and sum exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), (total, parts) => {
        const split = splitEqually(total, parts);
        expect(split).toHaveLength(parts);
        expect(split.reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a line’s units sum to its due; the bill’s parts sum to its total; included tax never exceeds the subtotal', () => {
    fc.assert(
      fc.property(linesArb, rulesArb, (lines, rules) => {
        for (const entry of lines) {
          const units = Array.from({ length: entry.quantity }, (_, unit) => unitDue(entry, unit + 1, rules));
          const charges = lineCharges(entry.quantity * entry.unitCents, entry.food, rules);
          expect(units.reduce((sum, due) => sum + due, 0)).toBe(charges.due);
          for (const due of units) expect(due).toBeGreaterThanOrEqual(0);
          if (rules.tax.included) expect(charges.tax).toBeLessThanOrEqual(charges.subtotal);
        }
        const bill = computeBill(lines, [], NO_MONEY, rules);
        const addedTax = rules.tax.included ? 0 : bill.tax;
        expect(bill.subtotal + addedTax + bill.serviceCharge).toBe(dueOf(lines, rules));
        expect(bill.balance).toBe(bill.total);
      }),
    );
  });

  it('shares of any kind never sum to more than the balance, whatever is paid, held, failed or expired', () => {
    fc.assert(
      fc.property(
        linesArb,
        rulesArb,
        fc.array(fc.tuple(requestArb, outcomeArb), { maxLength: 25 }),
        (lines, rules, steps) => {
          const due = dueOf(lines, rules);
          const shares: BillShare[] = [];
          for (const [drawn, outcome] of steps) {
            const figures = computeBill(lines, shares, NO_MONEY, rules);
            const plan = planShare({ lines, shares, figures }, toRequest(drawn, lines), undefined, TIPS, rules);
            if (!plan.ok) continue;
            expect(plan.amountCents).toBeGreaterThan(0);
            expect(plan.amountCents).toBeLessThanOrEqual(figures.available);
            shares.push({
              id: shares.length + 1,
              kind: drawn.kind === 'rest' ? 'amount' : drawn.kind,
              status: outcome,
              ...plan,
              tipCents: 0,
            });
            const live = shares.filter((share) => share.status === 'open' || share.status === 'paid');
            expect(live.reduce((sum, share) => sum + share.amountCents, 0)).toBeLessThanOrEqual(due);
            // A unit of a line is claimed by one live share at most.
            const units = live.flatMap((share) => share.units.map((unit) => `${unit.lineId}:${unit.unit}`));
            expect(new Set(units).size).toBe(units.length);
          }
          const after = computeBill(lines, shares, NO_MONEY, rules);
          expect(after.balance).toBeGreaterThanOrEqual(0);
          expect(after.paid + after.held).toBeLessThanOrEqual(due);
        },
      ),
    );
  });

  it('rounding never loses or invents a cent: lines paid unit by unit, across failures and expiries, sum to the bill', () => {
    fc.assert(
      fc.property(
        linesArb,
        rulesArb,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 5 }), outcomeArb), { maxLength: 60 }),
        (lines, rules, attempts) => {
          const shares: BillShare[] = [];
          const pay = (lineId: number, quantity: number, outcome: BillShare['status']) => {
            const figures = computeBill(lines, shares, NO_MONEY, rules);
            const plan = planShare(
              { lines, shares, figures },
              { kind: 'items', lines: [{ lineId, quantity }] },
              undefined,
              TIPS,
              rules,
            );
            if (plan.ok) shares.push({ id: shares.length + 1, kind: 'items', status: outcome, ...plan });
          };
          for (const [index, quantity, outcome] of attempts) {
            const target = lines[index % lines.length] as BillLine;
            pay(target.lineId, quantity, outcome === 'open' ? 'paid' : outcome);
          }
          // Then everyone pays what is left of each line, one unit at a time.
          for (const entry of lines) {
            if (!entry.counted) continue;
            for (let unit = 0; unit < entry.quantity; unit++) pay(entry.lineId, 1, 'paid');
          }
          const bill = computeBill(lines, shares, NO_MONEY, rules);
          const paidByShares = shares
            .filter((share) => share.status === 'paid')
            .reduce((sum, share) => sum + share.amountCents, 0);
          // Shares of 0 (free dishes) are never made, so a bill of 0 may leave units unclaimed; anything else is paid.
          expect(paidByShares).toBe(dueOf(lines, rules));
          expect(bill.balance).toBe(0);
        },
      ),
    );
  });

  it('an equal split taken part by part, with parts failing and taken again, sums exactly to what it split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 1_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        (cents, parts, failures) => {
          const lines = [line(1, 1, cents)];
          const shares: BillShare[] = [];
          let attempt = 0;
          for (let guard = 0; guard < parts + failures.length + 1; guard++) {
            const figures = computeBill(lines, shares, NO_MONEY, ADDED);
            const plan = planShare({ lines, shares, figures }, { kind: 'equal', parts }, undefined, TIPS, ADDED);
            if (!plan.ok) break;
            shares.push({
              id: shares.length + 1,
              kind: 'equal',
              status: failures[attempt++] ? 'failed' : 'paid',
              ...plan,
            });
          }
          const paid = shares.filter((share) => share.status === 'paid');
          expect(paid).toHaveLength(parts);
          const amounts = paid.map((share) => share.amountCents);
          expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(dueOf(lines, ADDED));
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
          expect(computeBill(lines, shares, NO_MONEY, ADDED).balance).toBe(0);
        },
      ),
    );
  });
});
