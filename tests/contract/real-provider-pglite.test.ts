// The contract against the real provider on PGlite, as `npm run provider` runs it.
import { startTestProvider } from '../server/helpers';
import { describeContract } from './describe-contract';
import { CONTRACT_OPTIONS, contractTarget } from './real-provider';

describeContract('real provider on PGlite', async () => {
  // A fresh data folder on disk, as a first start of `npm run provider` would have.
  const provider = await startTestProvider(CONTRACT_OPTIONS);
  return { target: contractTarget(provider), stop: () => provider.close() };
});
