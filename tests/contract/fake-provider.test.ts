// The contract against the MSW fake provider that the front-end tests use.
import { setupServer } from 'msw/node';
import { createFakeProvider } from '../msw/provider-handlers';
import { describeContract } from './describe-contract';

describeContract('MSW fake provider', async () => {
  const fake = createFakeProvider({ origin: 'http://localhost:3000' });
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
    },
    stop: async () => server.close(),
  };
});
