// Checks an order request against the menu and the floor plan, with the messages a guest will read.
import { invalid, notEditable, notFound, type FieldErrors } from '../api/provider-error';
import type { NewOrderInput } from '../api/request-parsing';
import type { OrderStatus } from '../../contract/guest';
import { LINE_REFUSALS } from '../../contract/line-refusals';
import { isWithinHours, type Hours } from '../../src/domain/hours';
import { checkChoices, type OptionGroupEntry } from './option-rules';

/** What the checks need to know about a menu item. */
export interface MenuEntry {
  id: number;
  name: string;
  available: boolean;
  priceCents: number;
  /** The dish's option groups in menu order; absent or empty: none. */
  options?: OptionGroupEntry[];
  /** Hidden by the restaurant (itself, its sub-category or its category): no longer on the menu. */
  hidden?: boolean;
  /** The hours it is served (its own, else its category's); absent or null: at all hours. */
  hours?: Hours;
}

/** When an order is checked, for dishes served only at some hours. */
export interface OrderTime {
  now: Date;
  /** The restaurant's (IANA), which the hours are written in. */
  timeZone: string;
}

/** Whether checking these entries needs the restaurant's time zone (only dishes with hours do). */
export const needsOrderTime = (entries: Iterable<MenuEntry>) => [...entries].some((entry) => entry.hours);

/** `prefix` is where the line sits in the request: `items.0.` for an order's line, `` for addMenu. */
function checkItem(
  line: { menu_id: number; choices?: number[] | undefined },
  entry: MenuEntry | undefined,
  prefix: string,
  fields: FieldErrors,
  sentences: string[],
  time: OrderTime | undefined,
) {
  const path = `${prefix}menu_id`;
  if (entry === undefined) {
    fields[path] = LINE_REFUSALS.unknown;
    sentences.push(`Menu item ${line.menu_id} does not exist.`);
    return;
  }
  if (entry.hidden) {
    fields[path] = LINE_REFUSALS.gone;
    sentences.push(`${entry.name} is no longer on the menu.`);
    return;
  }
  if (!entry.available) {
    fields[path] = LINE_REFUSALS.soldOut;
    sentences.push(`${entry.name} is sold out.`);
  } else if (time && !isWithinHours(entry.hours, time.now, time.timeZone)) {
    fields[path] = LINE_REFUSALS.hours;
    sentences.push(`${entry.name} is not served at this hour.`);
  }
  checkChoices(entry.name, entry.options ?? [], line.choices ?? [], prefix, fields, sentences);
}

function fail(fields: FieldErrors, sentences: string[]): never {
  // A single problem reads best as a bare sentence ("Margherita is sold out").
  const message = sentences.length === 1 ? (sentences[0] ?? '').replace(/\.$/, '') : sentences.join(' ');
  throw invalid(message, fields);
}

/** Throws 422 naming every unknown table, unknown item and sold-out item, each by its path in the request. */
export function checkNewOrder(
  order: NewOrderInput,
  menu: ReadonlyMap<number, MenuEntry>,
  tableExists: boolean,
  time?: OrderTime,
): void {
  const fields: FieldErrors = {};
  const sentences: string[] = [];
  if (!tableExists) {
    fields.table_id = 'unknown table';
    sentences.push(`Table ${order.table_id} does not exist.`);
  }
  order.items.forEach((line, index) => {
    checkItem(line, menu.get(line.menu_id), `items.${index}.`, fields, sentences, time);
  });
  if (sentences.length > 0) fail(fields, sentences);
}

export function checkAddedItem(
  line: { menu_id: number; choices?: number[] | undefined },
  entry: MenuEntry | undefined,
  time?: OrderTime,
): asserts entry is MenuEntry {
  const fields: FieldErrors = {};
  const sentences: string[] = [];
  checkItem(line, entry, '', fields, sentences, time);
  if (sentences.length > 0) fail(fields, sentences);
}

export const orderNotFound = (orderID: string) => notFound(`Order ${orderID} does not exist`);

export const lineNotFound = (orderID: string, lineId: number) => notFound(`Order ${orderID} has no line ${lineId}`);

export const cannotAddTo = (orderID: string, status: OrderStatus) =>
  notEditable(`Order ${orderID} can no longer be changed: it is ${status}`);

export const cannotRemoveFrom = (orderID: string, status: OrderStatus) =>
  notEditable(`Lines can no longer be removed from order ${orderID}: it is ${status}`);

export const lastLine = () => invalid('An order must keep at least one line', { line_id: 'last line of the order' });

export const tooManyLines = (orderID: string, max: number) =>
  invalid(`Order ${orderID} already has ${max} lines, the most one order can hold`, { menu_id: 'order is full' });

// 422 rather than 409: in this contract 409 means "this order can no longer be edited", and the request is
// well-formed but cannot be honoured as sent. This follows the IETF Idempotency-Key draft, which answers a key
// reused with a different payload with 422.
export const keyReused = () =>
  invalid('This Idempotency-Key was already used for a different order. Use a new key for a new order.', {
    'Idempotency-Key': 'already used for a different order',
  });

export const additionKeyReused = () =>
  invalid('This Idempotency-Key was already used for a different addition. Use a new key for a new addition.', {
    'Idempotency-Key': 'already used for a different addition',
  });

/**
 * The most one order may weigh as JSON. Every change to it is sent whole to its guest and to every kitchen screen
 * (contract: an `order` event carries the whole Order), so this bounds what one event carries; an order of 50 lines,
 * each with a full note and a few choices, is about a third of it.
 */
export const MAX_ORDER_BYTES = 64 * 1024;

export const orderTooLarge = (maxBytes: number) =>
  invalid(
    `This order would be too large to send to the kitchen (at most ${Math.floor(maxBytes / 1024)} KiB). Please order the rest separately.`,
    { items: 'order too large' },
  );

/** Throws 422 when the order, as every screen following it would receive it, weighs more than `maxBytes`. */
export function checkOrderSize(order: unknown, maxBytes = MAX_ORDER_BYTES): void {
  if (Buffer.byteLength(JSON.stringify(order)) > maxBytes) throw orderTooLarge(maxBytes);
}
