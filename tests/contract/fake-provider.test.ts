// The contract against the MSW fake provider that the front-end tests use.
import { setupServer } from 'msw/node';
import { createFakeProvider } from '../msw/provider-handlers';
import { CONTRACT_ORDER_CHANGES, CONTRACT_SIGN_IN, contractOrderLimit, LIMITED_TABLE } from './contract-client';
import { describeContract } from './describe-contract';

describeContract('MSW fake provider', async () => {
  const fake = createFakeProvider({
    origin: 'http://localhost:3000',
    tableOrdersPerMinute: contractOrderLimit,
    orderChanges: CONTRACT_ORDER_CHANGES,
    staff: { signIn: CONTRACT_SIGN_IN },
  });
  const server = setupServer(...fake.handlers);
  // Anything the fake does not answer is a gap in the fake, not something to let through.
  server.listen({ onUnhandledRequest: 'error' });
  return {
    target: {
      origin: fake.origin,
      token: 'demo-token',
      advance: async (orderID) => {
        fake.advance(orderID);
      },
      tableKey: async (tableId) => fake.tableKey(tableId),
      limitedTable: LIMITED_TABLE,
      expireShares: async () => fake.bill.expireShares(),
      setTimes: async (moves) => fake.setTimes(moves),
    },
    stop: async () => server.close(),
  };
});
