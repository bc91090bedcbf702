// The bill's rules in cents (contract v1.2 "The bill and payment"), shared by the app, the fake and the provider.

/** Rates travel as fractions (0.1 is 10 %); sums use them as whole parts per million, so no float ever rounds. */
export const PPM = 1_000_000;
export const ppm = (rate: number) => Math.round(rate * PPM);

/** `numerator / denominator` rounded half up, for whole numbers with numerator ≥ 0 and denominator > 0. */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `cents × rate`, half up. */
export const percentOf = (cents: number, rate: number) => divideHalfUp(cents * ppm(rate), PPM);

export interface BillRules {
  tax: { rate: number; included: boolean };
  serviceCharge: { rate: number; appliesTo: 'food' | 'all' } | null;
}

/** "Food" for the service charge: every line not made at the bar (a dish's station, or its category's). */
export const isFood = (station: string | null | undefined) => station !== 'bar';

export interface LineCharges {
  /** Quantity × unit price. */
  subtotal: number;
  /** Included: the part of `subtotal` that is tax. Added: what comes on top. */
  tax: number;
  service: number;
  /** What the line costs the table: subtotal, added tax and service charge. */
  due: number;
}

/**
 * One line's charges, each rounded half up on the line (never on single units), as the contract asks. The service
 * charge is on the price as the menu shows it (with the tax when included), and is not itself taxed.
 */
export function lineCharges(subtotal: number, food: boolean, rules: BillRules): LineCharges {
  const taxPpm = ppm(rules.tax.rate);
  const tax = rules.tax.included ? divideHalfUp(subtotal * taxPpm, PPM + taxPpm) : divideHalfUp(subtotal * taxPpm, PPM);
  const charge = rules.serviceCharge;
  const service = charge && (charge.appliesTo === 'all' || food) ? percentOf(subtotal, charge.rate) : 0;
  return { subtotal, tax, service, due: subtotal + (rules.tax.included ? 0 : tax) + service };
}

export interface BillLine {
  lineId: number;
  quantity: number;
  unitCents: number;
  food: boolean;
  /** False for lines of a cancelled order: shown, never charged. */
  counted: boolean;
}

/**
 * What unit `unit` (1 … quantity) of a line adds to the line's due: the units of a line sum to its due exactly, so
 * paying a line unit by unit, across any number of phones, never loses or invents a cent.
 */
export function unitDue(line: BillLine, unit: number, rules: BillRules): number {
  const upTo = (units: number) => lineCharges(units * line.unitCents, line.food, rules).due;
  return upTo(unit) - upTo(unit - 1);
}

export type ShareKind = 'items' | 'equal' | 'amount';
export type ShareStatus = 'open' | 'paid' | 'failed' | 'expired' | 'cancelled';

/** A share that holds or has taken money: an open share holds its lines and its amount; a paid one took them. */
export const isLive = (status: ShareStatus) => status === 'open' || status === 'paid';

/**
 * What the phone that made a share may do to it when the guest changes their mind (contract v1.2 `cancelShare`): an
 * open share is cancelled, and what it held is free at once (a cancelled share is not live); one cancelled already is
 * answered as it is, so a retry is harmless; a paid one took the money and stays; a failed or expired one has ended.
 */
export function cancelling(status: ShareStatus): 'cancel' | 'as_is' | 'paid' | 'ended' {
  if (status === 'open') return 'cancel';
  if (status === 'cancelled') return 'as_is';
  return status === 'paid' ? 'paid' : 'ended';
}

export interface BillShare {
  id: number;
  kind: ShareKind;
  status: ShareStatus;
  amountCents: number;
  tipCents: number;
  /** The units of lines an `items` share claims. */
  units: readonly { lineId: number; unit: number }[];
  /** An `equal` share: its part of the split (0-based) of `baseCents` into `parts`. */
  split?: { parts: number; part: number; baseCents: number };
}

/** Money taken at the till (or any way but a share), and refunds. */
export interface BillMoney {
  payments: readonly { amountCents: number; tipCents: number }[];
  refunds: readonly { amountCents: number }[];
}

export interface BillFigures {
  subtotal: number;
  tax: number;
  serviceCharge: number;
  tips: number;
  /** Subtotal, added tax, service charge and tips. */
  total: number;
  /** Every amount and tip taken, refunds taken off. */
  paid: number;
  /** `total - paid`: what the table still owes (negative when refunds are owed). */
  balance: number;
  /** What open shares are holding. */
  held: number;
  /** What a new share may still take: the balance less what open shares hold, never below 0. */
  available: number;
  /** Per line: units paid and units held by open shares. */
  lines: Map<number, { paidQuantity: number; heldQuantity: number }>;
}

export function computeBill(
  lines: readonly BillLine[],
  shares: readonly BillShare[],
  money: BillMoney,
  rules: BillRules,
): BillFigures {
  let subtotal = 0;
  let tax = 0;
  let serviceCharge = 0;
  let due = 0;
  const perLine = new Map<number, { paidQuantity: number; heldQuantity: number }>();
  for (const line of lines) {
    perLine.set(line.lineId, { paidQuantity: 0, heldQuantity: 0 });
    if (!line.counted) continue;
    const charges = lineCharges(line.quantity * line.unitCents, line.food, rules);
    subtotal += charges.subtotal;
    tax += charges.tax;
    serviceCharge += charges.service;
    due += charges.due;
  }
  let tips = 0;
  let paidAmounts = 0;
  let held = 0;
  for (const share of shares) {
    if (share.status === 'paid') {
      paidAmounts += share.amountCents;
      tips += share.tipCents;
    } else if (share.status === 'open') {
      held += share.amountCents;
    }
    if (!isLive(share.status)) continue;
    for (const { lineId } of share.units) {
      const counts = perLine.get(lineId);
      if (!counts) continue;
      if (share.status === 'paid') counts.paidQuantity += 1;
      else counts.heldQuantity += 1;
    }
  }
  for (const payment of money.payments) {
    paidAmounts += payment.amountCents;
    tips += payment.tipCents;
  }
  for (const refund of money.refunds) paidAmounts -= refund.amountCents;
  const balance = due - paidAmounts;
  return {
    subtotal,
    tax,
    serviceCharge,
    tips,
    total: due + tips,
    paid: paidAmounts + tips,
    balance,
    held,
    available: Math.max(0, balance - held),
    lines: perLine,
  };
}

/** `total` in `parts` parts that differ by at most a cent and sum to it exactly; the larger parts come first. */
export function splitEqually(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const larger = total - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < larger ? 1 : 0));
}

export type ShareRequest =
  | { kind: 'items'; lines: readonly { lineId: number; quantity: number }[] }
  | { kind: 'equal'; parts: number }
  | { kind: 'amount'; amountCents: number | 'rest' };

export type TipRequest = { rate: number } | { amountCents: number };

/** The restaurant's tips: the rates it offers, and whether a guest may choose another rate or an amount. */
export type TipsPolicy = { presets: readonly number[]; custom: boolean } | null;

export type SharePlan =
  | {
      ok: true;
      amountCents: number;
      tipCents: number;
      units: { lineId: number; unit: number }[];
      split?: { parts: number; part: number; baseCents: number };
    }
  /** 409: those lines (or parts) are paid or held; `left` is what may still be claimed of each. */
  | { ok: false; problem: 'already_paid'; left: { lineId: number; quantity: number }[]; available: number }
  /** 422: more than the balance less what open shares hold. */
  | { ok: false; problem: 'over_balance'; available: number }
  /** 422: a line of another seating or none, or a line named twice (its index in the request). */
  | { ok: false; problem: 'unknown_line'; index: number }
  /** 422: nothing to pay (a share of 0). */
  | { ok: false; problem: 'nothing_to_pay' }
  /** 422: a tip the restaurant does not take; `mostCents` the most it takes on this share, when the tip was over it. */
  | { ok: false; problem: 'bad_tip'; reason: string; mostCents?: number };

/** Why a tip is refused: no tips at all, not one of the restaurant's rates, or more than the amount paid. */
export type TipProblem = 'no_tips' | 'not_a_preset' | 'over_amount';

/** The tip on a share of `amountCents`, or why the restaurant's policy refuses it (`reason`: the provider's words). */
export function tipFor(
  amountCents: number,
  tip: TipRequest | undefined,
  policy: TipsPolicy,
): { ok: true; cents: number } | { ok: false; problem: TipProblem; reason: string } {
  if (tip === undefined) return { ok: true, cents: 0 };
  const cents = 'rate' in tip ? percentOf(amountCents, tip.rate) : tip.amountCents;
  if (cents === 0) return { ok: true, cents: 0 };
  if (policy === null) return { ok: false, problem: 'no_tips', reason: 'this restaurant does not take tips' };
  const notAPreset = {
    ok: false,
    problem: 'not_a_preset',
    reason: 'choose one of the restaurant’s tip rates',
  } as const;
  if ('rate' in tip && !policy.custom && !policy.presets.some((preset) => ppm(preset) === ppm(tip.rate))) {
    return notAPreset;
  }
  if ('amountCents' in tip && !policy.custom) return notAPreset;
  if (cents > amountCents) return { ok: false, problem: 'over_amount', reason: 'a tip may be at most the amount paid' };
  return { ok: true, cents };
}

/**
 * What a new share takes, from the bill as it stands: an `items` share claims the lowest units of each line that no
 * live share claims, priced unit by unit (unitDue); an `equal` share takes the first free part of the split of that
 * many parts still live, or starts one of what is available; an `amount` share takes what it asks (`rest`: all that
 * is available). No share exceeds what is available, so shares of any kind never sum to more than the balance.
 */
export function planShare(
  bill: { lines: readonly BillLine[]; shares: readonly BillShare[]; figures: BillFigures },
  request: ShareRequest,
  tip: TipRequest | undefined,
  policy: TipsPolicy,
  rules: BillRules,
): SharePlan {
  const { available } = bill.figures;
  let amountCents: number;
  let units: { lineId: number; unit: number }[] = [];
  let split: { parts: number; part: number; baseCents: number } | undefined;

  if (request.kind === 'items') {
    const byId = new Map(bill.lines.map((line) => [line.lineId, line]));
    const claimed = new Map<number, Set<number>>();
    for (const share of bill.shares) {
      if (!isLive(share.status)) continue;
      for (const { lineId, unit } of share.units) {
        const set = claimed.get(lineId) ?? new Set<number>();
        set.add(unit);
        claimed.set(lineId, set);
      }
    }
    const seen = new Set<number>();
    const free = new Map<number, number[]>();
    for (const [index, asked] of request.lines.entries()) {
      const line = byId.get(asked.lineId);
      if (!line || !line.counted || seen.has(asked.lineId)) return { ok: false, problem: 'unknown_line', index };
      seen.add(asked.lineId);
      const taken = claimed.get(line.lineId);
      free.set(
        line.lineId,
        Array.from({ length: line.quantity }, (_, unit) => unit + 1).filter((unit) => !taken?.has(unit)),
      );
    }
    const short = request.lines.filter((asked) => (free.get(asked.lineId)?.length ?? 0) < asked.quantity);
    if (short.length > 0) {
      const left = request.lines.map((asked) => ({
        lineId: asked.lineId,
        quantity: free.get(asked.lineId)?.length ?? 0,
      }));
      return { ok: false, problem: 'already_paid', left, available };
    }
    amountCents = 0;
    for (const asked of request.lines) {
      const line = byId.get(asked.lineId) as BillLine;
      for (const unit of (free.get(asked.lineId) ?? []).slice(0, asked.quantity)) {
        units.push({ lineId: line.lineId, unit });
        amountCents += unitDue(line, unit, rules);
      }
    }
  } else if (request.kind === 'equal') {
    const live = bill.shares.filter(
      (share) => isLive(share.status) && share.split !== undefined && share.split.parts === request.parts,
    );
    const baseCents = live[0]?.split?.baseCents ?? available;
    const used = new Set(live.map((share) => share.split?.part));
    const part = Array.from({ length: request.parts }, (_, index) => index).find((index) => !used.has(index));
    if (part === undefined) return { ok: false, problem: 'already_paid', left: [], available };
    amountCents = splitEqually(baseCents, request.parts)[part] ?? 0;
    split = { parts: request.parts, part, baseCents };
  } else {
    amountCents = request.amountCents === 'rest' ? available : request.amountCents;
  }

  // Everything is paid or held: whatever was asked, it is already being paid.
  if (available === 0) {
    const left = units.length === 0 ? [] : leftOf(request, units);
    return { ok: false, problem: 'already_paid', left, available };
  }
  if (amountCents <= 0) return { ok: false, problem: 'nothing_to_pay' };
  if (amountCents > available) return { ok: false, problem: 'over_balance', available };
  const tipped = tipFor(amountCents, tip, policy);
  if (!tipped.ok) {
    const most = tipped.problem === 'over_amount' ? { mostCents: amountCents } : {};
    return { ok: false, problem: 'bad_tip', reason: tipped.reason, ...most };
  }
  if (request.kind !== 'items') units = [];
  return { ok: true, amountCents, tipCents: tipped.cents, units, ...(split ? { split } : {}) };
}

/** The units an items share could have had, by line: all of those it asked for were free. */
function leftOf(request: ShareRequest, units: readonly { lineId: number }[]): { lineId: number; quantity: number }[] {
  if (request.kind !== 'items') return [];
  return request.lines.map((asked) => ({
    lineId: asked.lineId,
    quantity: units.filter((unit) => unit.lineId === asked.lineId).length,
  }));
}
