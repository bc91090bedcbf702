// The contract against the real provider: on PGlite always, and on PostgreSQL when DATABASE_URL is set.
import pg from 'pg';
import { startProvider } from '../../server/start';
import { startTestProvider } from '../server/helpers';
import { describeContract } from './describe-contract';
import { CONTRACT_MANAGER } from './staff-cases';

describeContract('real provider on PGlite', async () => {
  // A fresh data folder on disk, as a first start of `npm run provider` would have.
  const provider = await startTestProvider({ kitchenSeconds: 0, manager: CONTRACT_MANAGER });
  return {
    target: {
      origin: provider.url,
      token: 'demo-token',
      advance: async (orderID) => {
        await provider.kitchen.advance(orderID);
      },
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
      manager: CONTRACT_MANAGER,
    });
    return {
      target: {
        origin: provider.url,
        token: 'demo-token',
        advance: async (orderID) => {
          await provider.kitchen.advance(orderID);
        },
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
