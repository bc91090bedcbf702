// The console's live events written into its queries: a board fetch already under way cannot undo a new order.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import { writeStaffLiveMessage } from '../../../src/api/staff-live-cache';
import { staffKeys } from '../../../src/api/staff-queries';

const order: Order = {
  orderID: 'NEW12345',
  table_id: 9,
  status: 'received',
  items: [],
  note: '',
  total: 0,
  created_at: '2026-11-23T20:00:00.000Z',
  updated_at: '2026-11-23T20:00:00.000Z',
};

describe('the console’s order events', () => {
  it('a board fetch that read the orders before a new one committed does not take it off the board', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((orders: Order[]) => void)[] = [];
    client.setQueryData<Order[]>(staffKeys.board, []);
    // The board on screen: an observer, whose fetch (as when the stream opens) is still waiting for its answer.
    const board = new QueryObserver<Order[]>(client, {
      queryKey: staffKeys.board,
      queryFn: () => new Promise<Order[]>((resolve) => answers.push(resolve)),
      staleTime: 0,
    });
    const unsubscribe = board.subscribe(() => {});
    // What the board lists (the live cache adds the kitchen's view of each order, such as its stations).
    const onBoard = () => client.getQueryData<Order[]>(staffKeys.board)?.map((entry) => entry.orderID);
    expect(answers).toHaveLength(1);

    writeStaffLiveMessage(client, { id: '7', type: 'order', data: order });
    expect(onBoard()).toEqual([order.orderID]);

    // The older fetch answers with what it read before the order: that answer must not win.
    answers[0]!([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onBoard()).toEqual([order.orderID]);
    // The fetch started again reads after the order, and has it.
    expect(answers).toHaveLength(2);
    answers[1]!([order]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onBoard()).toEqual([order.orderID]);
    unsubscribe();
  });
});
