// After any failed attempt the cart offers the guest exactly one thing to do, and says once that the cart is kept.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, cauliflower, fakeProvider, HttpResponse, margherita, recordOrderRequests, seedCart } from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
  localStorage.setItem('table_id', '3');
});

/** What the guest can do about the failure: the buttons in the failure's message and Place order, unless unavailable. */
function offeredActions(): string[] {
  const error = screen.getByTestId('order-error');
  const buttons = [...within(error).queryAllByRole('button'), screen.getByTestId('place-order')];
  return buttons
    .filter((button) => button.getAttribute('aria-disabled') !== 'true')
    .map((button) => button.textContent?.trim() ?? '');
}

async function failWith(answer: () => Response) {
  server.use(http.post(`${API}/orders`, answer, { once: true }));
  renderApp('/cart');
  await userEvent.click(await screen.findByTestId('place-order'));
  return screen.findByTestId('order-error');
}

describe('after a failed attempt, one action and one word that the cart is kept', () => {
  it('a refusal that asks for the table’s code: Place order, and the cart kept said once', async () => {
    seedCart(margherita);
    const error = await failWith(() =>
      HttpResponse.json({ error: { code: 'table_key', message: 'This table needs its key' } }, { status: 403 }),
    );
    expect(error).toHaveTextContent('scan the QR code on your table');
    expect(offeredActions()).toEqual(['Place order · $11.50']);
    expect(screen.getAllByText(/Your cart is kept/)).toHaveLength(1);
  });

  it('a refusal with the provider’s own reason: Place order, and the cart kept said once', async () => {
    seedCart(margherita);
    await failWith(() => providerErrorResponse(422, 'The kitchen cannot take orders for this table'));
    expect(offeredActions()).toEqual(['Place order · $11.50']);
    expect(screen.getAllByText(/Your cart is kept/)).toHaveLength(1);
  });

  it('a refusal naming a line: only its removal, since the same order would be refused again', async () => {
    // The fake provider refuses the sold-out dish by its line.
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita, cauliflower);
    renderApp('/cart');
    await userEvent.click(await screen.findByTestId('place-order'));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('The lines it could not take are marked.');
    expect(offeredActions()).toEqual(['Remove what wasn’t accepted']);
    expect(screen.getAllByText(/Your cart is kept/)).toHaveLength(1);
    await userEvent.click(screen.getByTestId('place-order'));
    expect(requests.seen).toHaveLength(1);
  });

  it('an order that may have gone through: only Retry, which sends it again with its key', async () => {
    seedCart(margherita);
    await failWith(() => providerErrorResponse(500, 'The database is not answering'));
    expect(offeredActions()).toEqual(['Retry']);
    expect(screen.getAllByText(/Your cart is kept/)).toHaveLength(1);
  });
});
