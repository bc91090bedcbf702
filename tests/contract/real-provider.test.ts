// The contract against the real provider: on PGlite always, and on PostgreSQL when DATABASE_URL is set.
import pg from 'pg';
import { startProvider, type RunningProvider } from '../../server/start';
import { startTestProvider } from '../server/helpers';
import { contractOrderLimit, LIMITED_TABLE } from './contract-client';
import { describeContract } from './describe-contract';
import { CONTRACT_MANAGER } from './staff-cases';

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

describeContract('real provider on PGlite', async () => {
  // A fresh data folder on disk, as a first start of `npm run provider` would have.
  const provider = await startTestProvider({
    kitchenSeconds: 0,
    tableOrdersPerMinute: contractOrderLimit,
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
