// The device's cart: the `order_items` list in localStorage, read defensively and written without losing what was there.
import { normalisePrice } from './price';
import { randomId } from './random-id';

export const ORDER_ITEMS_KEY = 'order_items';
/** Where an unreadable `order_items` value is kept before a write replaces it, so nothing is silently lost. */
export const UNREADABLE_BACKUP_KEY = 'order_items.unreadable';

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

export type StorageProblem = 'storage-full' | 'storage-unavailable' | 'unreadable-replaced';

export type OrderItemsRead =
  | { status: 'missing' }
  | { status: 'unreadable'; raw: string; reason: string }
  | { status: 'ok'; raw: string; entries: readonly unknown[] };

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Some privacy modes throw on the mere access to localStorage.
    return undefined;
  }
}

// Parsing a large list twice per event would dominate the cart's cost, so the last parse is reused while the text is unchanged.
let lastRead: { raw: string; result: OrderItemsRead } | undefined;

function parse(raw: string): OrderItemsRead {
  if (lastRead?.raw === raw) return lastRead.result;
  let result: OrderItemsRead;
  try {
    const value: unknown = JSON.parse(raw);
    result = Array.isArray(value)
      ? { status: 'ok', raw, entries: value }
      : { status: 'unreadable', raw, reason: `expected a list, found ${value === null ? 'null' : typeof value}` };
  } catch (error) {
    result = { status: 'unreadable', raw, reason: error instanceof Error ? error.message : String(error) };
  }
  lastRead = { raw, result };
  return result;
}

/** Reads `order_items`; an unreadable value is reported with `console.error`, a missing one is not. */
export function readOrderItems(): OrderItemsRead {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(ORDER_ITEMS_KEY) ?? null;
  } catch (error) {
    console.error('Could not read the cart from this device', error);
  }
  if (raw === null) return { status: 'missing' };
  const result = parse(raw);
  if (result.status === 'unreadable')
    console.error(`The stored cart (${ORDER_ITEMS_KEY}) could not be read: ${result.reason}`);
  return result;
}

export function entriesOf(read: OrderItemsRead): readonly unknown[] {
  return read.status === 'ok' ? read.entries : [];
}

/** `potentialSpend` sums the normalised prices of the entries; an entry without a price counts as 0. */
export function potentialSpendOf(entries: readonly unknown[]): number {
  let total = 0;
  for (const entry of entries) {
    if (typeof entry === 'object' && entry !== null && 'price' in entry) total += normalisePrice(entry.price);
  }
  // Float noise (0.1 + 0.2) would show up in comparisons; absurd prices must not overflow to Infinity.
  return Math.min(Math.round(total * 1e6) / 1e6, Number.MAX_VALUE);
}

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

export type SaveOutcome = { ok: true; problem?: 'unreadable-replaced' } | { ok: false; problem: StorageProblem };

/** Stores the whole list. An unreadable value already there is kept aside first, so nothing is silently lost. */
export function saveOrderItems(entries: readonly unknown[]): SaveOutcome {
  const store = storage();
  if (!store) return { ok: false, problem: 'storage-unavailable' };
  try {
    const current = readOrderItems();
    if (current.status === 'unreadable') store.setItem(UNREADABLE_BACKUP_KEY, current.raw);
    const raw = JSON.stringify(entries);
    store.setItem(ORDER_ITEMS_KEY, raw);
    lastRead = { raw, result: { status: 'ok', raw, entries } };
    return current.status === 'unreadable' ? { ok: true, problem: 'unreadable-replaced' } : { ok: true };
  } catch (error) {
    console.error('Could not save the cart on this device', error);
    // Checked by name: the DOMException may come from another realm than this module's Error.
    const full = typeof error === 'object' && error !== null && 'name' in error && error.name === 'QuotaExceededError';
    return { ok: false, problem: full ? 'storage-full' : 'storage-unavailable' };
  }
}

/** One entry per unit, each with its own id. */
export function withIds(items: readonly NewOrderItem[]): OrderItem[] {
  return items.map((item) => ({ id: randomId(), ...item }));
}

/** The list without the entry with this id; other entries, readable or not, stay as they were. */
export function withoutEntry(entries: readonly unknown[], id: string): readonly unknown[] {
  const index = entries.findIndex((entry) => isOrderItem(entry) && entry.id === id);
  return index === -1 ? entries : [...entries.slice(0, index), ...entries.slice(index + 1)];
}
