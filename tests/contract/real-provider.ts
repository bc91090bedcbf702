// What the contract suite's runs against the real provider share: its options and the hooks the suite moves it with.
import type { RunningProvider } from '../../server/start';
import { TEST_PASSWORD_COST } from '../server/helpers';
import {
  CONTRACT_ORDER_CHANGES,
  CONTRACT_SIGN_IN,
  contractOrderLimit,
  LIMITED_TABLE,
  type ContractTarget,
  type TimeMoves,
} from './contract-client';
import { CONTRACT_MANAGER } from './staff-cases';

/** The provider's options for the suite, whatever its storage. */
export const CONTRACT_OPTIONS = {
  kitchenSeconds: 0,
  tableOrdersPerMinute: contractOrderLimit,
  orderChanges: CONTRACT_ORDER_CHANGES,
  signIn: CONTRACT_SIGN_IN,
  // Hashes cheap enough for a suite that signs in a hundred times; the real cost is the provider's default.
  passwordCost: TEST_PASSWORD_COST,
  manager: CONTRACT_MANAGER,
};

async function readTableKey(provider: RunningProvider, tableId: number): Promise<string> {
  const [row] = await provider.db.query<{ table_key: string }>('SELECT table_key FROM dining_tables WHERE id = $1', [
    tableId,
  ]);
  if (!row) throw new Error(`No table ${tableId}`);
  return row.table_key;
}

const expireShares = (provider: RunningProvider) => async () => {
  await provider.db.query(`UPDATE bill_shares SET expires_at = now() - interval '1 second' WHERE status = 'open'`);
};

/** The day's figures need a past day: orders, their lines, and a seating's payments and refunds moved in time. */
const setTimes = (provider: RunningProvider) => async (moves: TimeMoves) => {
  for (const { orderID, at, doneAfterMinutes } of moves.orders ?? []) {
    await provider.db.query('UPDATE orders SET created_at = $2, status_changed_at = $2 WHERE order_id = $1', [
      orderID,
      at,
    ]);
    await provider.db.query(
      `UPDATE order_lines SET added_at = $2,
         done_at = CASE WHEN $3::int IS NULL THEN NULL ELSE $2::timestamptz + make_interval(mins => $3::int) END
       WHERE order_id = $1`,
      [orderID, at, doneAfterMinutes ?? null],
    );
  }
  for (const { seatingId, at } of moves.seatings ?? []) {
    await provider.db.query('UPDATE payments SET created_at = $2 WHERE seating_id = $1', [seatingId, at]);
    await provider.db.query(
      'UPDATE refunds SET created_at = $2 WHERE payment_id IN (SELECT id FROM payments WHERE seating_id = $1)',
      [seatingId, at],
    );
  }
};

/** The suite's view of a running provider: its address, and the hooks that move its kitchen, shares and clock. */
export function contractTarget(provider: RunningProvider): ContractTarget {
  return {
    origin: provider.url,
    token: 'demo-token',
    advance: async (orderID) => {
      await provider.kitchen.advance(orderID);
    },
    tableKey: (tableId) => readTableKey(provider, tableId),
    limitedTable: LIMITED_TABLE,
    expireShares: expireShares(provider),
    setTimes: setTimes(provider),
  };
}
