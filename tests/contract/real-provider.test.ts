// The contract against the real provider: on PGlite always, and on PostgreSQL when DATABASE_URL is set.
import pg from 'pg';
import { startProvider, type RunningProvider } from '../../server/start';
import { startTestProvider, TEST_PASSWORD_COST } from '../server/helpers';
import {
  CONTRACT_ORDER_CHANGES,
  CONTRACT_SIGN_IN,
  contractOrderLimit,
  LIMITED_TABLE,
  type TimeMoves,
} from './contract-client';
import { describeContract } from './describe-contract';
import { CONTRACT_MANAGER } from './staff-cases';

// Hashes cheap enough for a suite that signs in a hundred times; the real cost is the provider's default.
const CONTRACT_PASSWORD_COST = TEST_PASSWORD_COST;

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

describeContract('real provider on PGlite', async () => {
  // A fresh data folder on disk, as a first start of `npm run provider` would have.
  const provider = await startTestProvider({
    kitchenSeconds: 0,
    tableOrdersPerMinute: contractOrderLimit,
    orderChanges: CONTRACT_ORDER_CHANGES,
    signIn: CONTRACT_SIGN_IN,
    passwordCost: CONTRACT_PASSWORD_COST,
    manager: CONTRACT_MANAGER,
  });
  return {
    target: {
      origin: provider.url,
      token: 'demo-token',
      advance: async (orderID) => {
        await provider.kitchen.advance(orderID);
      },
      tableKey: (tableId) => readTableKey(provider, tableId),
      limitedTable: LIMITED_TABLE,
      expireShares: expireShares(provider),
      setTimes: setTimes(provider),
    },
    stop: () => provider.close(),
  };
});

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describeContract('real provider on PostgreSQL', async () => {
    // A schema of its own per run, dropped afterwards: runs never see each other's orders.
    const schema = `contract_${process.pid}_${Date.now().toString(36)}`;
    const provider = await startProvider({
      storage: { kind: 'postgres', connectionString: databaseUrl, schema },
      kitchenSeconds: 0,
      tableOrdersPerMinute: contractOrderLimit,
      orderChanges: CONTRACT_ORDER_CHANGES,
      signIn: CONTRACT_SIGN_IN,
      passwordCost: CONTRACT_PASSWORD_COST,
      manager: CONTRACT_MANAGER,
    });
    return {
      target: {
        origin: provider.url,
        token: 'demo-token',
        advance: async (orderID) => {
          await provider.kitchen.advance(orderID);
        },
        tableKey: (tableId) => readTableKey(provider, tableId),
        limitedTable: LIMITED_TABLE,
        expireShares: expireShares(provider),
        setTimes: setTimes(provider),
      },
      stop: async () => {
        await provider.close();
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await admin.end();
        }
      },
    };
  });
}
