// The checkout's draft: from the cart's lines to the contract's NewOrder lines, and from the provider's answers back to the cart's lines.
import { LIMITS } from '../../contract/guest';
import { type NewOrder } from '../../contract/orders';
import type { CartLine } from '../domain/cart-lines';
import { lineParts } from '../domain/line-parts';

/** An order ready to send except for its table, which may still have to be chosen. */
export interface OrderDraft {
  items: NewOrder['items'];
  note?: string;
  /** For each of `items`, the key of the cart line it came from: a line of more than 20 units becomes several items. */
  lineKeys: string[];
  /** The cart entries this order stands for, removed from the cart once it is placed. */
  entryIds: string[];
}

export type DraftResult =
  | { ok: true; draft: OrderDraft }
  | { ok: false; problem: 'empty' }
  | { ok: false; problem: 'too-many-lines'; lineCount: number };

/** How many order lines a cart line of this many units needs (the contract allows at most 20 units per line). */
export function itemsNeeded(quantity: number): number {
  return Math.ceil(quantity / LIMITS.quantityPerLine);
}

export function buildOrderDraft(lines: readonly CartLine[], orderNote: string): DraftResult {
  const items: NewOrder['items'] = [];
  const lineKeys: string[] = [];
  const entryIds: string[] = [];
  for (const line of lines) {
    for (const quantity of lineParts(line.quantity, LIMITS.quantityPerLine)) {
      items.push({
        menu_id: line.menu_id,
        quantity,
        ...(line.note ? { note: line.note } : {}),
        ...(line.choices.length > 0 ? { choices: line.choices.map((choice) => choice.id) } : {}),
      });
      lineKeys.push(line.key);
    }
    entryIds.push(...line.entryIds);
  }
  if (items.length === 0) return { ok: false, problem: 'empty' };
  // Better said before sending than refused after: the guest can remove lines or split the order.
  if (items.length > LIMITS.linesPerOrder) return { ok: false, problem: 'too-many-lines', lineCount: items.length };
  const note = orderNote.trim();
  return { ok: true, draft: { items, ...(note ? { note } : {}), lineKeys, entryIds } };
}

/** A field of a refusal that names a line of the request (`items.2.menu_id`), with the line's place. */
export const LINE_PATH = /^items\.(\d+)(?:\.|$)/;

/**
 * The cart lines the provider refused, with its reason: `fields` names them by their place in the request
 * (`items.2.menu_id: "sold out"`), which `lineKeys` maps back to the cart line each item came from.
 */
export function rejectedLines(
  fields: Readonly<Record<string, string>>,
  lineKeys: readonly string[],
): Record<string, string> {
  const rejected: Record<string, string> = {};
  for (const [path, reason] of Object.entries(fields)) {
    const match = LINE_PATH.exec(path);
    const key = match ? lineKeys[Number(match[1])] : undefined;
    if (key !== undefined) rejected[key] ??= reason;
  }
  return rejected;
}
