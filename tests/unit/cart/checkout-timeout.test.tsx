// A provider too slow to answer: the guest is told, the cart is kept, and Retry finds the order the slow request placed.
import type * as Config from '../../../src/api/config';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, diavola, fakeProvider, margherita, recordOrderRequests, seedCart, storedCartText } from './support';

// A short timeout keeps the test fast; everything else about the client is the real one.
vi.mock('../../../src/api/config', async (importOriginal) => ({
  ...(await importOriginal<typeof Config>()),
  REQUEST_TIMEOUT_MS: 300,
}));

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  localStorage.setItem('table_id', '3');
});

it('says the restaurant took too long, keeps the cart, and Retry places the order once', async () => {
  const requests = recordOrderRequests();
  let slow = true;
  // The slow answer is held until the test has seen the app give up: no race between the timeout and a delay.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  server.use(
    requests.handler,
    http.post(`${API}/orders`, async ({ request }) => {
      if (!slow) return undefined;
      slow = false;
      // The provider takes the order, but its answer comes long after the app stopped waiting.
      for (const handler of provider.handlers) {
        if (await handler.run({ request: request.clone(), requestId: 'slow' })) break;
      }
      await answered;
      return undefined;
    }),
  );
  seedCart(margherita, diavola);
  const before = storedCartText();
  renderApp('/cart');
  await userEvent.click(await screen.findByTestId('place-order'));

  const error = await screen.findByTestId('order-error');
  expect(error).toHaveTextContent('The restaurant took too long to answer');
  expect(error).toHaveTextContent('We can’t tell yet whether your order reached the kitchen.');
  expect(storedCartText()).toBe(before);
  // It may have gone through, so the cart is locked until Retry finds out.
  expect(screen.getByTestId('order-note')).toHaveAttribute('readOnly');
  expect(localStorage.getItem('pending_order')).not.toBeNull();
  expect(provider.state.orders).toHaveLength(1);
  answer();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: `Order ${provider.state.orders[0]?.orderID}` }),
  ).toBeInTheDocument();
  expect(requests.seen).toHaveLength(2);
  expect(requests.seen[1]).toEqual(requests.seen[0]);
  expect(provider.state.orders).toHaveLength(1);
  expect(JSON.parse(storedCartText() ?? 'null')).toEqual([]);
});
