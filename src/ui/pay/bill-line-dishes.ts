// Which dish each line of the table's bill is, so that the pay screen and the receipt can name it in the guest's language.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BillLine } from '../../../contract/bill';
import type { TableBill } from '../../../contract/guest';
import { tableBillPolling, tableBillQuery } from '../../api/queries';

/** A bill line with its dish, where the table's orders say it. */
export type BillLineWithDish = BillLine & { menu_id?: number };

/** A bill line carries its name, not its dish; the table's orders have the same line ids and say it. */
export function withDishes(lines: readonly BillLine[], orders: TableBill | undefined): BillLineWithDish[] {
  const dishes = new Map(
    (orders?.orders ?? []).flatMap((order) => order.items.map((line) => [line.line_id, line.menu_id] as const)),
  );
  return lines.map((line) => {
    const menu_id = dishes.get(line.line_id);
    return menu_id === undefined ? line : { ...line, menu_id };
  });
}

/**
 * `lines` with their dishes, from the table's orders the Table page reads under the same key (usually cached by the
 * time a guest pays). They are asked for again only while a line of the bill is not among them (ordered since).
 */
export function useBillLineDishes(tableId: number, seatingKey: string, lines: readonly BillLine[]) {
  const orders = useQuery({
    ...tableBillQuery(tableId, { seatingKey }),
    refetchInterval: (query) =>
      withDishes(lines, query.state.data).some((line) => line.menu_id === undefined) ? tableBillPolling.ms : false,
  });
  return useMemo(() => withDishes(lines, orders.data), [lines, orders.data]);
}
