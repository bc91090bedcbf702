// Lines as a guest sees them: one per dish of an order however it was cut on the wire, and a count of a dish spread
// back over its lines.
import { describe, expect, it } from 'vitest';
import { groupBillLines, spreadUnits } from '../../../src/domain/shown-lines';

const line = (line_id: number, order_id: string, menu_id: number | undefined, name: string, unit_price: number) => ({
  line_id,
  order_id,
  name,
  unit_price,
  ...(menu_id === undefined ? {} : { menu_id }),
});

describe('the bill’s lines by dish', () => {
  it('joins an order’s lines of one dish at one price, and keeps other orders, dishes and prices apart', () => {
    const groups = groupBillLines([
      line(1, 'A', 5, 'Caesar Salad', 10.5),
      line(2, 'A', 5, 'Caesar Salad', 10.5),
      line(3, 'B', 5, 'Caesar Salad', 10.5),
      line(4, 'A', 9, 'Quattro Formaggi', 19),
      line(5, 'A', 9, 'Quattro Formaggi', 22.5),
      line(6, 'A', 5, 'Caesar Salad', 10.5),
      line(7, 'A', undefined, 'Bread', 2),
      line(8, 'A', undefined, 'Bread', 2),
    ]);
    expect(groups.map((group) => group.lines.map((one) => one.line_id))).toEqual([[1, 2, 6], [3], [4], [5], [7, 8]]);
  });
});

describe('a count spread over its lines', () => {
  it('fills the lines in order, each up to what it has free', () => {
    const lines = [
      { line_id: 1, free: 20 },
      { line_id: 2, free: 3 },
      { line_id: 3, free: 20 },
    ];
    expect(spreadUnits(lines, 25)).toEqual([
      { line_id: 1, quantity: 20 },
      { line_id: 2, quantity: 3 },
      { line_id: 3, quantity: 2 },
    ]);
    expect(spreadUnits(lines, 0).every((one) => one.quantity === 0)).toBe(true);
    expect(spreadUnits(lines, 99).map((one) => one.quantity)).toEqual([20, 3, 20]);
  });
});
