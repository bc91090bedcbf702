// The board's orders read again and written by events: unchanged orders keep their objects, changed ones are checked.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '../../../contract/kitchen';
import { getBoardOrders } from '../../../src/api/staff-calls';
import { boardQuery, stationBoardKey } from '../../../src/api/staff-queries';
import { setupMsw } from '../../support/msw-server';

const BASE = 'http://localhost:3000/api/v1';
const server = setupMsw();

const ticket = (orderID: string, minute: number) => ({
  orderID,
  table_id: 3,
  status: 'received',
  items: [{ line_id: minute, menu_id: 33, name: 'Margherita', price: 11.5, quantity: 1, note: '', station: 'kitchen' }],
  note: '',
  total: 11.5,
  created_at: `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`,
  updated_at: `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`,
  stations: ['kitchen'],
});

/** The provider's board answers whatever `answer` holds when asked. */
function boardAnswers(initial: unknown[]) {
  const state = { answer: initial };
  server.use(http.get(`${BASE}/staff/orders`, () => HttpResponse.json(state.answer)));
  return state;
}

describe('the board read again', () => {
  it('keeps the object of every order that did not change, and reads the changed and new ones', async () => {
    const provider = boardAnswers([ticket('A1', 1), ticket('B2', 2)]);
    const first = await getBoardOrders({ status: 'open' });

    provider.answer = [ticket('A1', 1), { ...ticket('B2', 2), status: 'preparing' }, ticket('C3', 3)];
    const second = await getBoardOrders({ status: 'open' }, { held: first });

    expect(second[0]).toBe(first[0]);
    expect(second[1]).toMatchObject({ orderID: 'B2', status: 'preparing' });
    expect(second.map((order) => order.orderID)).toEqual(['A1', 'B2', 'C3']);
  });

  it('fails on an order that breaks the contract, even beside orders already held', async () => {
    const provider = boardAnswers([ticket('A1', 1), ticket('B2', 2)]);
    const first = await getBoardOrders({ status: 'open' });

    provider.answer = [ticket('A1', 1), { ...ticket('B2', 2), total: -1 }];
    await expect(getBoardOrders({ status: 'open' }, { held: first })).rejects.toMatchObject({ kind: 'parsing' });
  });

  it('a ticket gone from the front of the board leaves every other order its object', async () => {
    boardAnswers([ticket('A1', 1), ticket('B2', 2), ticket('C3', 3)]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The board on screen: an observer with the board's own options.
    const board = new QueryObserver(client, boardQuery('kitchen'));
    const unsubscribe = board.subscribe(() => {});
    await board.refetch();
    const before = client.getQueryData<KitchenOrder[]>(stationBoardKey('kitchen'))!;
    expect(before).toHaveLength(3);

    client.setQueryData<KitchenOrder[]>(stationBoardKey('kitchen'), (list) => list?.slice(1));

    const after = client.getQueryData<KitchenOrder[]>(stationBoardKey('kitchen'))!;
    expect(after.map((order) => order.orderID)).toEqual(['B2', 'C3']);
    expect(after[0]).toBe(before[1]);
    expect(after[1]).toBe(before[2]);
    unsubscribe();
  });
});
