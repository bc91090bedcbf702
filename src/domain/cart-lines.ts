// The cart as the guest reads it: entries of the same dish with the same note grouped into one line with a count.
import { choicesOf, isOrderItem, type EntryChoice, type NewOrderItem, type OrderItem } from './cart';
import { withoutFloatNoise } from './money';
import { normalisePrice } from './price';

export interface CartLine {
  /** Same dish and same note: one line. Stable while the line exists, so it can name the line in errors. */
  key: string;
  menu_id: number;
  name: string;
  /** The note as stored, trimmed; '' for none. */
  note: string;
  /** The dish's chosen options, shown under its name and sent by id; the same dish with other choices is another line. */
  choices: readonly EntryChoice[];
  image: string | null;
  /** The price of one unit by the spec's price rule (the first entry's, as the cart shows it). */
  unitPrice: number;
  /** The stored entries this line stands for, oldest first; the count is their number. */
  entryIds: readonly string[];
  quantity: number;
  /** Each entry's own price summed, so the lines add up to potentialSpend. */
  total: number;
  /** The line's first entry as stored, without its id: what one more of it adds to the cart. */
  template: NewOrderItem;
}

export interface CartLines {
  lines: readonly CartLine[];
  /** Entries of unknown shape: kept in storage, never shown as lines nor sent. */
  unreadable: number;
}

export function lineKey(menuId: number, note: string, choiceIds: readonly number[] = []): string {
  if (choiceIds.length === 0) return JSON.stringify([menuId, note]);
  return JSON.stringify([menuId, note, [...choiceIds].sort((a, b) => a - b)]);
}

function noteOf(entry: OrderItem): string {
  return typeof entry.note === 'string' ? entry.note.trim() : '';
}

function imageOf(entry: OrderItem): string | null {
  return typeof entry.image === 'string' ? entry.image : null;
}

function templateOf({ id: _id, ...entry }: OrderItem): NewOrderItem {
  return entry;
}

/** Groups the stored entries into lines, in the order each line's first entry was added. */
export function groupCartLines(entries: readonly unknown[]): CartLines {
  const lines = new Map<string, CartLine & { entryIds: string[] }>();
  let unreadable = 0;
  for (const entry of entries) {
    if (!isOrderItem(entry)) {
      unreadable += 1;
      continue;
    }
    const note = noteOf(entry);
    const choices = choicesOf(entry);
    const key = lineKey(
      entry.menu_id,
      note,
      choices.map((choice) => choice.id),
    );
    const price = normalisePrice(entry.price);
    const existing = lines.get(key);
    if (existing) {
      existing.entryIds.push(entry.id);
      existing.quantity += 1;
      existing.total += price;
    } else {
      lines.set(key, {
        key,
        menu_id: entry.menu_id,
        name: entry.name,
        note,
        choices,
        image: imageOf(entry),
        unitPrice: price,
        entryIds: [entry.id],
        quantity: 1,
        total: price,
        template: templateOf(entry),
      });
    }
  }
  return {
    lines: [...lines.values()].map((line) => ({ ...line, total: withoutFloatNoise(line.total) })),
    unreadable,
  };
}
