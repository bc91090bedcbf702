// The bill's refusals (contract v1.2), shared by the provider and the MSW fake.
import { ALREADY_PAID_ERROR_CODE, BALANCE_DUE_ERROR_CODE } from '../../contract/bill';
import type { Restaurant } from '../../contract/restaurant';
import { currencyFormat, fromCents } from '../../src/domain/money';
import { badRequest, invalid, notFound, ProviderError } from '../api/provider-error';

/** Writes an amount (cents) into a refusal as the people reading it see money elsewhere: "$12.50", "12,50 €". */
export type MoneyWriter = (cents: number) => string;

/** The restaurant's currency in its locale, by the domain's rule, as its screens write it. */
export function moneyWriter(restaurant: Pick<Restaurant, 'currency' | 'locale'>): MoneyWriter {
  const format = currencyFormat(restaurant.locale, restaurant.currency);
  return (cents) => format.format(fromCents(cents));
}

/** A figure in `fields`, for a program rather than a person: plain, two decimals. */
const figure = (cents: number) => fromCents(cents).toFixed(2);

/** 409: those lines (or every part, or the whole balance) are paid or held; `fields` says what is left of each line. */
export function alreadyPaid(
  left: readonly { index: number; quantity: number }[],
  availableCents: number,
  money: MoneyWriter,
) {
  const fields = Object.fromEntries(
    left.map(({ index, quantity }) => [`lines.${index}.quantity`, quantity === 0 ? 'none left' : `${quantity} left`]),
  );
  const message =
    left.length > 0
      ? `Someone at the table is paying for those dishes already, or they are paid. ${availableCents > 0 ? `${money(availableCents)} is left to pay.` : 'Nothing is left to pay.'}`
      : availableCents > 0
        ? `That part is already paid or being paid. ${money(availableCents)} is left to pay.`
        : 'The bill is paid, or being paid on another phone: nothing is left to pay.';
  return new ProviderError(
    409,
    message,
    { ...fields, available: figure(availableCents) },
    { code: ALREADY_PAID_ERROR_CODE },
  );
}

/** A guest's share, or (`what`) a payment at the till, over what is left to pay. */
export const overBalance = (availableCents: number, money: MoneyWriter, what: 'share' | 'payment' = 'share') =>
  invalid(`A ${what} may be at most what is left to pay: ${money(availableCents)}`, {
    amount: `at most ${money(availableCents)}`,
  });

export const unknownLine = (index: number) =>
  invalid('That line is not on this table’s bill (or is named twice)', {
    [`lines.${index}.line_id`]: 'not a line of this bill',
  });

export const nothingToPay = () => invalid('There is nothing to pay in that share', { amount: 'must be more than 0' });

/** `mostCents`: the largest tip the share allows, when the tip was over it. */
export function badTip(reason: string, money: MoneyWriter, mostCents?: number) {
  const why = mostCents === undefined ? reason : `${reason} (${money(mostCents)})`;
  return invalid(`That tip cannot be taken: ${why}`, { tip: why });
}

export const idempotencyKeyNeeded = () =>
  badRequest('A share needs an Idempotency-Key header, so paying twice by accident is impossible', {
    'Idempotency-Key': 'required',
  });

export const shareKeyReused = () =>
  invalid('This Idempotency-Key was used for another share; use a new key for a new share', {
    'Idempotency-Key': 'used for another share',
  });

/** The provider takes no payments (PROVIDER_PAYMENTS=off): a v1.2 "not offered", so the app sends guests to the counter. */
export const payingAtTableOff = () =>
  new ProviderError(404, 'Paying at the table is not offered here: guests pay at the counter', { payments: 'off' });

export const shareNotFound = (id: number | string) => notFound(`There is no share ${String(id).slice(0, 40)} here`);

export const shareClosed = (status: string) =>
  new ProviderError(409, `This share is ${status}: start a new one to pay`, undefined, { code: 'not_editable' });

/** 409 `already_paid`: the share took its money (the payment provider's verified word), so it cannot be cancelled. */
export const sharePaid = () =>
  new ProviderError(409, 'This payment went through already: it cannot be cancelled', undefined, {
    code: ALREADY_PAID_ERROR_CODE,
  });

/** 409: the payment provider is still setting the payment up or taking it; cancelling now could lose track of it. */
export const shareBusy = () =>
  new ProviderError(
    409,
    'This payment is being processed: it cannot be cancelled now. Try again in a moment',
    undefined,
    {
      code: 'not_editable',
    },
  );

export const cancelUnreachable = () =>
  new ProviderError(503, 'The payment provider could not be reached. Nothing was cancelled: please try again.');

export const notATestCard = () =>
  invalid('The demo payment takes test cards only: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines', {
    card_number: 'not a test card',
  });

export const noSecondStep = () =>
  invalid('This payment did not ask for a second step', { second_step: 'not asked for' });

export const balanceDue = (balanceCents: number, money: MoneyWriter) =>
  new ProviderError(
    409,
    `This table still owes ${money(balanceCents)}: take the payment first, or ask a manager to clear it with a reason`,
    undefined,
    { code: BALANCE_DUE_ERROR_CODE },
  );

export const reasonNeeded = (balanceCents: number, money: MoneyWriter) =>
  invalid(`This table still owes ${money(balanceCents)}: say why it is cleared anyway`, { reason: 'required' });

export const tillForbidden = () =>
  new ProviderError(403, 'Only waiters and managers take money at the till', undefined, { code: 'forbidden' });

export const nobodySeated = (tableId: number) => notFound(`Nobody is seated at table ${tableId}`);

export const paymentNotFound = (id: number) => notFound(`There is no payment ${id}`);

export const refundTooMuch = (leftCents: number, money: MoneyWriter) =>
  invalid(`At most ${money(leftCents)} of this payment is left to refund`, { amount: `at most ${money(leftCents)}` });

export const paymentProviderFailed = (what: string) =>
  new ProviderError(502, `The payment provider refused ${what}; nothing was recorded. Try again.`);

export const paymentProviderUnreachable = () =>
  new ProviderError(503, 'The payment provider could not be reached. Nothing is held: please try again.');
