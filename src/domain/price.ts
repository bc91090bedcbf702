// The spec's price rule: how a stored or provided price becomes a number, and the same in cents for the provider;
// and a line's unit price with its choices, for the dish dialog, the cart, the fake and the provider alike.
import { toCents } from './money';

/**
 * A finite number counts as itself; a string keeps only its digits and `.` and is
 * read with `Number()`; anything else, and anything unreadable, is 0.
 * So `"$1,234.50"` is 1234.5, `"-3"` is 3 and `"12.5.3"` is 0.
 * A negative number is not a price either (a string can never be negative, its `-` is dropped), so it is 0 too:
 * otherwise one corrupt entry could make the cart's total negative.
 */
export function normalisePrice(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : 0;
  if (typeof value !== 'string') return 0;
  // Number('') is 0 and Number('.') is NaN; both count as no price.
  const parsed = Number(value.replace(/[^\d.]/g, ''));
  return Number.isFinite(parsed) ? parsed : 0;
}

/** The price rule in whole cents, for items priced as text. */
export const priceToCents = (price: unknown): number => toCents(normalisePrice(price));

/** The unit price of a line in cents: the dish's price plus each chosen option's surcharge (contract "Dish options"). */
export const unitPriceCents = (dishCents: number, chosen: readonly { priceCents: number }[]): number =>
  chosen.reduce((sum, choice) => sum + choice.priceCents, dishCents);

/** The same from prices as the app receives them (the dish's by the price rule, the choices' as numbers). */
export const unitPriceWithChoices = (dishPrice: unknown, choices: readonly { price: number }[]): number =>
  unitPriceCents(
    priceToCents(dishPrice),
    choices.map((choice) => ({ priceCents: toCents(choice.price) })),
  );
