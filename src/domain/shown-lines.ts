// Lines as a guest sees them: one per dish, note and choices, however the order was cut on the wire (20 a line), and
// a count chosen of such a dish spread back over the wire lines it stands for.

/** An order's line as the contract gives it (the order page's, the table's bill's). */
export interface OrderedLine<Choice extends { id: number }> {
  line_id: number;
  menu_id: number;
  name: string;
  price: number;
  quantity: number;
  note: string;
  /** Absent from a v1 provider. */
  choices?: Choice[] | undefined;
}

/** One dish with one note and one set of choices at one price: the provider's lines it stands for. */
export interface ShownLine<Choice extends { id: number }> {
  key: string;
  name: string;
  note: string;
  choices: Choice[];
  price: number;
  quantity: number;
  lineIds: number[];
}

export function groupOrderLines<Choice extends { id: number }>(
  items: readonly OrderedLine<Choice>[],
): ShownLine<Choice>[] {
  const shown = new Map<string, ShownLine<Choice>>();
  for (const line of items) {
    const choices = line.choices ?? [];
    const key = JSON.stringify([line.menu_id, line.note.trim(), line.price, choices.map((choice) => choice.id)]);
    const same = shown.get(key);
    if (same) {
      same.quantity += line.quantity;
      same.lineIds.push(line.line_id);
    } else {
      shown.set(key, {
        key,
        name: line.name,
        note: line.note,
        choices: [...choices],
        price: line.price,
        quantity: line.quantity,
        lineIds: [line.line_id],
      });
    }
  }
  return [...shown.values()];
}

/** A line of the bill to pay: it says neither note nor choices, only its order, dish, name and unit price. */
export interface BillDishLine {
  order_id: string;
  line_id: number;
  menu_id?: number | undefined;
  name: string;
  unit_price: number;
}

/** The bill's lines of one order and one dish at one price, in the bill's order. */
export function groupBillLines<Line extends BillDishLine>(
  lines: readonly Line[],
): { key: string; lines: [Line, ...Line[]] }[] {
  const groups = new Map<string, { key: string; lines: [Line, ...Line[]] }>();
  for (const line of lines) {
    const key = JSON.stringify([line.order_id, line.menu_id ?? null, line.name, line.unit_price]);
    const group = groups.get(key);
    if (group) group.lines.push(line);
    else groups.set(key, { key, lines: [line] });
  }
  return [...groups.values()];
}

/** `count` units of a dish spread over its lines in order, each taking at most what it has free: 25 of 20 + 20 + 20
 * free is 20 + 5 + 0. */
export function spreadUnits(
  lines: readonly { line_id: number; free: number }[],
  count: number,
): { line_id: number; quantity: number }[] {
  let left = Math.max(0, count);
  return lines.map(({ line_id, free }) => {
    const quantity = Math.min(free, left);
    left -= quantity;
    return { line_id, quantity };
  });
}
