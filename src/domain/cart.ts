// The cart's rules: what one stored entry is, what the entries add up to, and taking one out.
import { withoutFloatNoise } from './money';
import { normalisePrice } from './price';

/** One unit the guest wants: the cart holds one entry per unit (contract, "On the device"). */
export interface OrderItem {
  id: string;
  menu_id: number;
  name: string;
  price: number | string;
  note?: string;
  image?: string | null;
  /** The dish's chosen options (contract v1.1); `price` already includes them. */
  choices?: EntryChoice[];
}

export interface EntryChoice {
  id: number;
  name: string;
  price: number;
}

/** An entry's choices as far as they are readable: anything else stored under `choices` is ignored. */
export function choicesOf(entry: OrderItem): EntryChoice[] {
  const stored: unknown = entry.choices;
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (choice): choice is EntryChoice =>
      typeof choice === 'object' &&
      choice !== null &&
      Number.isInteger((choice as EntryChoice).id) &&
      (choice as EntryChoice).id > 0 &&
      typeof (choice as EntryChoice).name === 'string',
  );
}

export type NewOrderItem = Omit<OrderItem, 'id'>;

/** Entries that have the shape the app writes; anything else in the list is left alone but not shown as a line. */
export function isOrderItem(entry: unknown): entry is OrderItem {
  if (typeof entry !== 'object' || entry === null) return false;
  const candidate = entry as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.menu_id === 'number' &&
    typeof candidate.name === 'string' &&
    (typeof candidate.price === 'number' || typeof candidate.price === 'string')
  );
}

/** `potentialSpend` sums the normalised prices of the entries; an entry without a price counts as 0. */
export function potentialSpendOf(entries: readonly unknown[]): number {
  let total = 0;
  for (const entry of entries) {
    if (typeof entry === 'object' && entry !== null && 'price' in entry) total += normalisePrice(entry.price);
  }
  // Float noise would show up in comparisons; absurd prices must not overflow to Infinity.
  return Math.min(withoutFloatNoise(total), Number.MAX_VALUE);
}

/** `cartCount`: one entry per unit, readable or not. */
export const cartCountOf = (entries: readonly unknown[]) => entries.length;

/** The list without the entry with this id; other entries, readable or not, stay as they were. */
export function withoutEntry(entries: readonly unknown[], id: string): readonly unknown[] {
  const index = entries.findIndex((entry) => isOrderItem(entry) && entry.id === id);
  return index === -1 ? entries : [...entries.slice(0, index), ...entries.slice(index + 1)];
}

/**
 * The cart once an order is placed. Normally it holds just what was sent, and is emptied; if it changed meanwhile
 * (another tab, or the guest left the screen while the order was on its way), only the entries that were sent leave
 * it, so nothing added since is lost.
 */
export function entriesAfterPlacing(entries: readonly unknown[], sentEntryIds: readonly string[]): readonly unknown[] {
  const sent = new Set(sentEntryIds);
  const current = entries.filter(isOrderItem);
  if (current.every((entry) => sent.has(entry.id))) return [];
  return entries.filter((entry) => !(isOrderItem(entry) && sent.has(entry.id)));
}
