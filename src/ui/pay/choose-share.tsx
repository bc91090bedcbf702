// What a guest pays of the table's bill: their dishes (the lines nobody else is paying), one of equal parts, or an
// amount ("the rest"), with a tip from the restaurant's rates or one of their own.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BILL_LIMITS, SHARE_HOLD_MINUTES, type Bill, type NewShare } from '../../../contract/bill';
import type { Restaurant } from '../../../contract/restaurant';
import type { TypedAmount } from '../../domain/amount';
import { percentOf, splitEqually, tipFor, unitDue, type BillRules } from '../../domain/bill';
import { groupBillLines, spreadUnits } from '../../domain/shown-lines';
import { fromCents, toCents } from '../../domain/money';
import { formatMoney, formatNumber } from '../format';
import { t } from '../i18n/i18n';
import { amountForField, readAmount } from '../money-field';

type Mode = 'items' | 'equal' | 'amount';
type TipChoice = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'custom' };

/** What the guest chose, as they left the form: given back when they try again after a card that did not pay. */
export interface ShareDraft {
  mode: Mode;
  picked: readonly [number, number][];
  partsText: string;
  amountText: string;
  tip: TipChoice;
  tipText: string;
}

interface ChooseShareProps {
  bill: Bill;
  /** The restaurant's rules for tips and the estimate; the provider's word on the share is final. */
  restaurant: Pick<Restaurant, 'tax' | 'service_charge' | 'tips'>;
  /** Orders placed from this phone: their lines are ticked at first. */
  myOrderIds: ReadonlySet<string>;
  /** The choice made last time, if the guest is trying again: the dishes still free of it are ticked again. */
  draft?: ShareDraft | undefined;
  onPay(share: NewShare, draft: ShareDraft): void;
}

/** Units of a line nobody has paid or is paying. */
const freeOf = (line: Bill['lines'][number]) => line.quantity - line.paid_quantity - (line.held_quantity ?? 0);

export function ChooseShare({ bill, restaurant, myOrderIds, draft, onPay }: ChooseShareProps) {
  const modeName = useId();
  const tipName = useId();
  const available = bill.available ?? bill.balance;
  const open = bill.lines.filter((line) => freeOf(line) > 0);
  const [mode, setMode] = useState<Mode>(
    draft?.mode ?? (open.some((line) => myOrderIds.has(line.order_id)) ? 'items' : 'amount'),
  );
  // A draft's dishes are kept as they were: the bill read anew frees those its declined share held.
  const [picked, setPicked] = useState<Map<number, number>>(
    () =>
      new Map(
        draft?.picked ??
          open.filter((line) => myOrderIds.has(line.order_id)).map((line) => [line.line_id, freeOf(line)]),
      ),
  );
  // Kept as typed: a field that rewrote "1" to 2 while the guest was on their way to "12" would change their answer.
  const [partsText, setPartsText] = useState(draft?.partsText ?? '2');
  const [partsProblem, setPartsProblem] = useState<string | null>(null);
  const [amountText, setAmountText] = useState(draft?.amountText ?? '');
  const presets = restaurant.tips?.presets ?? [];
  const [tip, setTip] = useState<TipChoice>(draft?.tip ?? { kind: 'none' });
  const [tipText, setTipText] = useState(draft?.tipText ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [tipProblem, setTipProblem] = useState<string | null>(null);
  const amountField = useRef<HTMLInputElement>(null);
  const tipField = useRef<HTMLInputElement>(null);
  const partsField = useRef<HTMLInputElement>(null);
  const parts = readParts(partsText);
  const availableCents = toCents(available);
  const typedAmount = readAmount(amountText);
  const typedTip = readAmount(tipText);

  const rules: BillRules = {
    tax: restaurant.tax,
    serviceCharge: restaurant.service_charge && {
      rate: restaurant.service_charge.rate,
      appliesTo: restaurant.service_charge.applies_to,
    },
  };
  // An estimate by the same rules as the provider (src/domain/bill.ts); its answer is the amount paid.
  const estimateCents = (() => {
    if (mode === 'items') {
      let cents = 0;
      for (const line of open) {
        const quantity = Math.min(picked.get(line.line_id) ?? 0, freeOf(line));
        const claimed = line.quantity - freeOf(line);
        const entry = {
          lineId: line.line_id,
          quantity: line.quantity,
          unitCents: toCents(line.unit_price),
          food: true,
          counted: true,
        };
        for (let unit = claimed + 1; unit <= claimed + quantity; unit++) cents += unitDue(entry, unit, rules);
      }
      return Math.min(cents, availableCents);
    }
    if (mode === 'equal') return parts === null ? 0 : (splitEqually(availableCents, parts)[0] ?? 0);
    // Left empty, the amount is the rest.
    if (!typedAmount.ok) return typedAmount.problem === 'empty' ? availableCents : 0;
    return typedAmount.cents;
  })();
  const tipCents =
    tip.kind === 'rate'
      ? percentOf(estimateCents, tip.rate)
      : tip.kind === 'custom' && typedTip.ok
        ? typedTip.cents
        : 0;

  /** What the amount field says is wrong, if anything. */
  const amountCheck = (text = amountText): string | null => {
    const typed = readAmount(text);
    if (mode !== 'amount' || (!typed.ok && typed.problem === 'empty')) return null;
    if (!typed.ok && (typed.problem === 'not_a_number' || typed.problem === 'too_precise')) {
      return t('pay.choose.amountInvalid', { example: amountForField(550) });
    }
    if (typed.ok && typed.cents > 0 && typed.cents <= availableCents) return null;
    // Negative, nothing, or more than is left: both ends said, so "0" is not told it is under a limit it is below.
    return t('pay.choose.amountRange', { zero: formatMoney(0), most: formatMoney(available) });
  };
  /** What the parts field says is wrong: not a whole number of people the provider splits a bill between. */
  const partsCheck = (text = partsText): string | null =>
    mode === 'equal' && readParts(text) === null
      ? t('pay.choose.partsRange', { least: formatNumber(MIN_PARTS), most: formatNumber(BILL_LIMITS.maxParts) })
      : null;
  /** What the tip field says is wrong: unreadable, negative, or more than the amount paid (the provider's rule). */
  const tipCheck = (): string | null => {
    if (tip.kind !== 'custom') return null;
    const most = t('pay.choose.tipOverAmount', { most: formatMoney(fromCents(estimateCents)) });
    const tipped = tipFor(estimateCents, { amountCents: tipCents }, restaurant.tips);
    return tipProblemOf(typedTip, most) ?? (!tipped.ok && tipped.problem === 'over_amount' ? most : null);
  };

  /** What is wrong with the amount or the number of people as typed now, said in place of an estimate. */
  const typedProblem = mode === 'amount' ? amountCheck() : partsCheck();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tipPart =
      tip.kind === 'rate'
        ? { tip: { rate: tip.rate } }
        : tip.kind === 'custom' && tipCents > 0
          ? { tip: { amount: fromCents(tipCents) } }
          : {};
    // Only what is free now: a draft may name dishes someone else has taken since.
    const lines = open.flatMap((line): [number, number][] => {
      const quantity = Math.min(picked.get(line.line_id) ?? 0, freeOf(line));
      return quantity > 0 ? [[line.line_id, quantity]] : [];
    });
    if (mode === 'items' && lines.length === 0) return setProblem(t('pay.choose.pickDishes'));
    const wrongParts = partsCheck();
    setPartsProblem(wrongParts);
    if (wrongParts !== null) return partsField.current?.focus();
    const wrongAmount = amountCheck();
    const wrongTip = wrongAmount === null ? tipCheck() : null;
    setAmountProblem(wrongAmount);
    setTipProblem(wrongTip);
    if (wrongAmount !== null) return amountField.current?.focus();
    if (wrongTip !== null) return tipField.current?.focus();
    const chosen: ShareDraft = { mode, picked: [...picked], partsText, amountText, tip, tipText };
    if (mode === 'items') {
      onPay({ kind: 'items', lines: lines.map(([line_id, quantity]) => ({ line_id, quantity })), ...tipPart }, chosen);
    } else if (mode === 'equal') {
      onPay({ kind: 'equal', parts: parts ?? MIN_PARTS, ...tipPart }, chosen);
    } else {
      // The rest is asked for as "rest": what is left when the provider takes it, even if the bill moved meanwhile.
      const rest = estimateCents === availableCents;
      onPay({ kind: 'amount', amount: rest ? 'rest' : fromCents(estimateCents), ...tipPart }, chosen);
    }
  };

  const modes: [Mode, string][] = [
    ['items', t('pay.choose.mode.items')],
    ['equal', t('pay.choose.mode.equal')],
    ['amount', t('pay.choose.mode.amount')],
  ];

  return (
    <form className="pay-choose" onSubmit={submit} noValidate data-testid="choose-share">
      <fieldset className="pay-choose__modes">
        <legend>{t('pay.choose.how')}</legend>
        {modes.map(([value, label]) => (
          <label key={value} className="pay-choose__mode">
            <input
              type="radio"
              name={modeName}
              value={value}
              checked={mode === value}
              onChange={() => {
                setMode(value);
                setProblem(null);
                setAmountProblem(null);
                setPartsProblem(null);
                setTipProblem(null);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>

      {mode === 'items' && (
        <fieldset className="pay-choose__lines">
          <legend>{t('pay.choose.dishes')}</legend>
          {open.length === 0 ? (
            <p>{t('pay.choose.noDishes')}</p>
          ) : (
            <ul className="pay-choose__list">
              {groupBillLines(open).map(({ key, lines }) => (
                <DishChoice
                  key={key}
                  line={lines[0]}
                  free={lines.reduce((sum, line) => sum + freeOf(line), 0)}
                  quantity={lines.reduce((sum, line) => sum + Math.min(picked.get(line.line_id) ?? 0, freeOf(line)), 0)}
                  onChange={(count) => {
                    setProblem(null);
                    // The share names the wire lines: the count chosen of the dish fills them in order.
                    const spread = spreadUnits(
                      lines.map((line) => ({ line_id: line.line_id, free: freeOf(line) })),
                      count,
                    );
                    setPicked((current) => {
                      const next = new Map(current);
                      for (const { line_id, quantity } of spread) next.set(line_id, quantity);
                      return next;
                    });
                  }}
                />
              ))}
            </ul>
          )}
          {bill.lines.some((line) => (line.held_quantity ?? 0) > 0) && (
            <p className="pay-choose__note">{t('pay.choose.heldNote', { minutes: SHARE_HOLD_MINUTES })}</p>
          )}
        </fieldset>
      )}

      {mode === 'equal' && (
        <CheckedField
          id={`${modeName}-parts`}
          label={t('pay.choose.parts')}
          problem={partsProblem}
          hint={t('pay.choose.partsNote')}
        >
          {(checked) => (
            <input
              ref={partsField}
              {...checked}
              type="number"
              inputMode="numeric"
              min={MIN_PARTS}
              max={BILL_LIMITS.maxParts}
              step={1}
              value={partsText}
              onChange={(event) => {
                const text = event.target.value;
                setPartsText(text);
                // Once pointed out, the message follows what is typed, and goes when it is mended.
                if (partsProblem !== null) setPartsProblem(partsCheck(text));
              }}
            />
          )}
        </CheckedField>
      )}

      {mode === 'amount' && (
        <CheckedField
          id={`${modeName}-amount`}
          label={t('pay.choose.amount')}
          problem={amountProblem}
          hint={t('pay.choose.restHint', { rest: formatMoney(available) })}
        >
          {(checked) => (
            <input
              ref={amountField}
              {...checked}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              placeholder={amountForField(availableCents)}
              onChange={(event) => {
                const text = event.target.value;
                setTipProblem(null);
                setAmountText(text);
                // Once pointed out, the message follows what is typed, and goes when it is mended.
                if (amountProblem !== null) setAmountProblem(amountCheck(text));
              }}
            />
          )}
        </CheckedField>
      )}

      {restaurant.tips && (presets.length > 0 || restaurant.tips.custom) && (
        <fieldset className="pay-choose__tips">
          <legend>{t('pay.choose.tip')}</legend>
          <label className="pay-choose__tip">
            <input
              type="radio"
              name={tipName}
              checked={tip.kind === 'none'}
              onChange={() => {
                setTip({ kind: 'none' });
                setTipProblem(null);
              }}
            />
            {t('pay.choose.noTip')}
          </label>
          {presets.map((rate) => (
            <label key={rate} className="pay-choose__tip">
              <input
                type="radio"
                name={tipName}
                checked={tip.kind === 'rate' && tip.rate === rate}
                onChange={() => {
                  setTip({ kind: 'rate', rate });
                  setTipProblem(null);
                }}
              />
              {t('pay.choose.tipRate', { rate: Math.round(rate * 100) })}
            </label>
          ))}
          {restaurant.tips.custom && (
            <label className="pay-choose__tip">
              <input
                type="radio"
                name={tipName}
                checked={tip.kind === 'custom'}
                onChange={() => setTip({ kind: 'custom' })}
              />
              {t('pay.choose.tipOther')}
            </label>
          )}
          {tip.kind === 'custom' && (
            <div className="pay-choose__field">
              <label htmlFor={`${tipName}-amount`}>{t('pay.choose.tipAmount')}</label>
              <input
                ref={tipField}
                id={`${tipName}-amount`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={tipText}
                aria-invalid={tipProblem !== null}
                aria-describedby={tipProblem === null ? undefined : `${tipName}-amount-problem`}
                onChange={(event) => {
                  setTipProblem(null);
                  setTipText(event.target.value);
                }}
              />
              {tipProblem !== null && (
                <p id={`${tipName}-amount-problem`} className="pay-choose__problem">
                  {tipProblem}
                </p>
              )}
            </div>
          )}
        </fieldset>
      )}

      {/* No estimate of what cannot be paid: what is wrong with it instead, until it is said beside its field. */}
      {typedProblem === null ? (
        <p className="pay-choose__total" data-testid="share-estimate">
          <span>{t('pay.choose.youPay')}</span>
          <span>{formatMoney(fromCents(estimateCents + tipCents))}</span>
        </p>
      ) : (
        (mode === 'amount' ? amountProblem : partsProblem) === null && (
          <p className="pay-choose__problem" data-testid="share-estimate-problem">
            {typedProblem}
          </p>
        )
      )}
      {problem && (
        <p className="pay-choose__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" data-testid="continue-to-payment">
        {t('pay.choose.continue')}
      </button>
    </form>
  );
}

/** A split is between two people at least (one pays it all: "An amount"), and at most the provider's limit. */
const MIN_PARTS = 2;

/** The number of people typed, or null when it is not a whole number within the limits. */
/**
 * A labelled field with its hint, and its problem once pointed out, read with it (problem first). The input is the
 * caller's, given the id and the ARIA attributes that tie them together.
 */
function CheckedField({
  id,
  label,
  problem,
  hint,
  children,
}: {
  id: string;
  label: string;
  problem: string | null;
  hint: string;
  children: (checked: { id: string; 'aria-invalid': boolean; 'aria-describedby': string }) => ReactNode;
}) {
  return (
    <div className="pay-choose__field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': problem !== null,
        'aria-describedby': `${problem === null ? '' : `${id}-problem `}${id}-hint`,
      })}
      {problem !== null && (
        <p id={`${id}-problem`} className="pay-choose__problem">
          {problem}
        </p>
      )}
      <p id={`${id}-hint`} className="pay-choose__note">
        {hint}
      </p>
    </div>
  );
}

function readParts(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const parts = Number(trimmed);
  return parts >= MIN_PARTS && parts <= BILL_LIMITS.maxParts ? parts : null;
}

/** What a typed tip that cannot be read says; `tooMuch` for one past any bill. Empty is no tip. */
function tipProblemOf(typed: TypedAmount, tooMuch: string): string | null {
  if (typed.ok || typed.problem === 'empty') return null;
  if (typed.problem === 'negative') return t('pay.choose.tipNegative');
  if (typed.problem === 'too_large') return tooMuch;
  return t('pay.choose.tipInvalid', { example: amountForField(150) });
}

/** One dish of one order, however many wire lines it was sent as: `free` is what nobody has paid or holds of it. */
function DishChoice({
  line,
  free,
  quantity,
  onChange,
}: {
  line: Bill['lines'][number];
  free: number;
  quantity: number;
  onChange(quantity: number): void;
}) {
  const id = useId();
  const label = `${formatNumber(free)} × ${line.name}${line.guest ? ` · ${line.guest}` : ''}`;
  return (
    <li className="pay-choose__line" data-testid="share-line">
      <input
        id={id}
        type="checkbox"
        checked={quantity > 0}
        onChange={(event) => onChange(event.target.checked ? free : 0)}
      />
      <label htmlFor={id}>
        {label} <span className="pay-choose__price">{t('line.each', { price: formatMoney(line.unit_price) })}</span>
      </label>
      {free > 1 && (
        <select
          aria-label={t('pay.choose.howMany', { dish: line.name })}
          value={quantity}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {Array.from({ length: free + 1 }, (_, count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}
