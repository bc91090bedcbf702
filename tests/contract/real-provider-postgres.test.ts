// The contract against the real provider on PostgreSQL (DATABASE_URL), as the production start runs it.
import pg from 'pg';
import { startProvider } from '../../server/start';
import { describeContract } from './describe-contract';
import { CONTRACT_OPTIONS, contractTarget } from './real-provider';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('This file needs DATABASE_URL (vite.config.ts leaves it out without one)');

describeContract('real provider on PostgreSQL', async () => {
  // A schema of its own per run, dropped afterwards: runs never see each other's orders.
  const schema = `contract_${process.pid}_${Date.now().toString(36)}`;
  const provider = await startProvider({
    ...CONTRACT_OPTIONS,
    storage: { kind: 'postgres', connectionString: databaseUrl, schema },
  });
  return {
    target: contractTarget(provider),
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
