// Placing the cart as an order: what is sent, one order per attempt whatever happens, and a cart that survives every failure.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import {
  API,
  cartLines,
  cauliflower,
  diavola,
  fakeProvider,
  heldOrderAnswer,
  HttpResponse,
  lineFor,
  lostAnswer,
  margherita,
  recordOrderRequests,
  seedCart,
  storedCartText,
  times,
} from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
  localStorage.setItem('table_id', '3');
});

async function placeOrder() {
  await userEvent.click(await screen.findByTestId('place-order'));
}

async function orderPage() {
  return screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ });
}

describe('placing an order', () => {
  it('sends the grouped lines, the note and the table with an idempotency key, then empties the cart and shows the order', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita, margherita, { ...diavola, note: 'extra chilli' }, margherita);
    const { router } = renderApp('/cart');
    await userEvent.type(await screen.findByTestId('order-note'), 'Birthday!');
    await placeOrder();

    await orderPage();
    const [placed] = provider.state.orders;
    expect(provider.state.orders).toHaveLength(1);
    expect(requests.seen).toEqual([
      {
        key: expect.stringMatching(/^[A-Za-z0-9_-]{8,128}$/),
        body: {
          table_id: 3,
          items: [
            { menu_id: 33, quantity: 3 },
            { menu_id: 34, quantity: 1, note: 'extra chilli' },
          ],
          note: 'Birthday!',
        },
      },
    ]);
    expect(router.state.location.search).toEqual({ orderID: placed!.orderID });
    expect(JSON.parse(storedCartText() ?? 'null')).toEqual([]);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    expect(localStorage.getItem('pending_order')).toBeNull();
    expect(localStorage.getItem('order_note')).toBeNull();
    expect(JSON.parse(localStorage.getItem('my_orders') ?? '[]')).toEqual([
      {
        orderID: placed!.orderID,
        table_id: 3,
        placed_at: placed!.createdAt.toISOString(),
        order_key: provider.orderKey(placed!.orderID),
      },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent(
        `Order ${placed!.orderID} placed. The kitchen has it.`,
      ),
    );
    expect(screen.getAllByTestId('order-line').map((line) => line.textContent)).toEqual([
      expect.stringContaining('3 × Margherita'),
      expect.stringContaining('1 × Diavola'),
    ]);
  });

  it('sends one request for a double click, and locks the cart while the order is on its way', async () => {
    const requests = recordOrderRequests();
    const held = heldOrderAnswer();
    server.use(held.handler, requests.handler);
    seedCart(margherita, diavola);
    const before = storedCartText();
    renderApp('/cart');

    await userEvent.dblClick(await screen.findByTestId('place-order'));
    const place = screen.getByTestId('place-order');
    await waitFor(() => expect(place).toHaveTextContent('Placing your order…'));
    expect(place).toHaveAttribute('aria-disabled', 'true');
    const line = lineFor('Margherita');
    for (const testId of ['line-increment', 'line-decrement', 'line-remove']) {
      expect(within(line).getByTestId(testId)).toHaveAttribute('aria-disabled', 'true');
    }
    await userEvent.click(within(line).getByTestId('line-increment'));
    await userEvent.click(within(line).getByTestId('line-remove'));
    await userEvent.click(place);
    expect(screen.getByTestId('order-note')).toHaveAttribute('readOnly');
    expect(storedCartText()).toBe(before);

    held.release();
    await orderPage();
    expect(requests.seen).toHaveLength(1);
    expect(provider.state.orders).toHaveLength(1);
  });

  it('asks for the table first, then places the order for the table chosen', async () => {
    localStorage.removeItem('table_id');
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita);
    renderApp('/cart');
    expect(await screen.findByText('We’ll ask for your table first.')).toBeInTheDocument();

    await placeOrder();
    let picker = await screen.findByRole('dialog', { name: 'Where are you sitting?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.seen).toHaveLength(0);
    expect(screen.getByTestId('place-order')).toHaveFocus();

    await placeOrder();
    picker = await screen.findByRole('dialog', { name: 'Where are you sitting?' });
    await userEvent.click(await within(picker).findByRole('button', { name: /Booth 10/ }));
    await orderPage();
    expect(requests.seen.map((request) => (request.body as { table_id: number }).table_id)).toEqual([10]);
    expect(localStorage.getItem('table_id')).toBe('10');
  });

  it('splits a dish ordered more than 20 times into lines of at most 20', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(...times(45, margherita));
    renderApp('/cart');
    await placeOrder();
    await orderPage();
    expect((requests.seen[0]?.body as { items: unknown }).items).toEqual([
      { menu_id: 33, quantity: 20 },
      { menu_id: 33, quantity: 20 },
      { menu_id: 33, quantity: 5 },
    ]);
  });

  it('says so before sending when the order would have more than 50 lines', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(
      ...Array.from({ length: 51 }, (_, index) => ({ menu_id: index + 1, name: `Dish ${index + 1}`, price: 1 })),
    );
    renderApp('/cart');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order has 51 lines, and the restaurant takes at most 50 in one order',
    );
    const place = screen.getByTestId('place-order');
    expect(place).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(place);
    expect(requests.seen).toHaveLength(0);
  });
});

describe('when placing fails, the cart stays exactly as it was', () => {
  /** The first order request gets `answer`; every request is recorded as the provider received it. */
  async function failOnce(answer: () => Response | Promise<Response>) {
    const requests = recordOrderRequests();
    server.use(http.post(`${API}/orders`, answer, { once: true }));
    server.use(requests.handler);
    seedCart(margherita, margherita, diavola, 'legacy entry');
    const before = storedCartText();
    const view = renderApp('/cart');
    await placeOrder();
    const error = await screen.findByTestId('order-error');
    expect(storedCartText()).toBe(before);
    expect(cartLines()).toHaveLength(2);
    expect(view.router.state.location.search).toEqual({});
    expect(screen.getByTestId('place-order')).toHaveAttribute('aria-disabled', 'false');
    return { error, view, before, requests };
  }

  it('offline: says the restaurant could not be reached', async () => {
    const { error } = await failOnce(() => HttpResponse.error());
    expect(error).toHaveTextContent('We couldn’t reach the restaurant');
    expect(error).toHaveTextContent('Check the connection, then try again.');
    expect(error).toHaveTextContent('Your cart is kept as it was.');
    expect(error).toHaveTextContent(
      'We can’t tell yet whether your order reached the kitchen. Retry to find out; it will never be placed twice. You can change your order after that.',
    );
    // It may have gone through: a reload would ask again with the same key.
    expect(localStorage.getItem('pending_order')).not.toBeNull();
  });

  it('the provider failed (5xx): says so with its reference, and Retry sends the same key and places it once', async () => {
    const { error, before, requests } = await failOnce(() => {
      const answer = providerErrorResponse(500, 'The database is not answering');
      answer.headers.set('X-Request-Id', '7K3M-9QX2');
      return answer;
    });
    expect(error).toHaveTextContent('The restaurant’s ordering system had a problem');
    // The id the provider logged the failure under, for the guest to quote to staff.
    expect(within(error).getByTestId('error-reference')).toHaveTextContent(
      'Reference 7K3M-9QX2: quote it if you ask the staff for help.',
    );
    expect(storedCartText()).toBe(before);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await orderPage();
    expect(requests.seen).toHaveLength(2);
    expect(requests.seen[1]).toEqual(requests.seen[0]);
    expect(provider.state.orders).toHaveLength(1);
  });

  it('refused (422): says why in the app’s words and marks the line it named', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita, cauliflower, diavola);
    const before = storedCartText();
    const { router } = renderApp('/cart');
    await placeOrder();

    const error = await screen.findByTestId('order-error');
    expect(error).toHaveTextContent('The restaurant couldn’t take this order');
    expect(error).toHaveTextContent('Korean Fried Cauliflower: sold out.');
    expect(error).toHaveTextContent('The lines it could not take are marked.');
    const refused = lineFor('Korean Fried Cauliflower');
    expect(refused).toHaveTextContent('Not accepted: sold out');
    expect(refused).toHaveAccessibleDescription('Not accepted: sold out');
    expect(lineFor('Margherita')).not.toHaveTextContent('Not accepted');
    expect(storedCartText()).toBe(before);
    expect(router.state.location.search).toEqual({});
    // A definite no: nothing to resume after a reload.
    expect(localStorage.getItem('pending_order')).toBeNull();

    // Taking the line out is a new order, with a new key.
    await userEvent.click(within(refused).getByTestId('line-remove'));
    expect(screen.queryByTestId('order-error')).not.toBeInTheDocument();
    await placeOrder();
    await orderPage();
    expect(requests.seen).toHaveLength(2);
    expect(requests.seen[1]?.key).not.toBe(requests.seen[0]?.key);
    expect(provider.state.orders).toHaveLength(1);
  });

  it('refused in the guest’s language: a Spanish phone reads the dish and the reason in Spanish, not the provider’s English', async () => {
    await activateLanguage('es');
    seedCart(margherita, cauliflower);
    renderApp('/cart');
    await placeOrder();
    const error = await screen.findByTestId('order-error');
    expect(error).toHaveTextContent('El restaurante no ha podido aceptar este pedido');
    expect(error).not.toHaveTextContent('is sold out');
    expect(within(error).getByText(/: agotado\.$/)).toBeVisible();
    const refused = cartLines().find((line) => /agotado/.test(line.textContent ?? ''));
    expect(refused).toHaveTextContent('No aceptado: agotado');
  });

  it('a refusal naming more than lines (the table too) shows the provider’s own sentence, with the line still worded', async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        providerErrorResponse(422, 'Table 3 does not exist. Margherita is sold out.', {
          table_id: 'unknown table',
          'items.0.menu_id': 'sold out',
        }),
      ),
    );
    await activateLanguage('es');
    seedCart(margherita);
    renderApp('/cart');
    await placeOrder();
    const error = await screen.findByTestId('order-error');
    expect(error).toHaveTextContent('Table 3 does not exist. Margherita is sold out.');
    expect(cartLines()[0]).toHaveTextContent('No aceptado: agotado');
  });

  it('a refusal for a reason the app has no words for (a choice) shows the provider’s own sentence', async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        providerErrorResponse(422, 'Extra mozzarella is sold out', {
          'items.0.choices.1': 'Extra mozzarella is sold out',
        }),
      ),
    );
    seedCart(margherita);
    renderApp('/cart');
    await placeOrder();
    const error = await screen.findByTestId('order-error');
    expect(error).toHaveTextContent('Extra mozzarella is sold out');
    expect(lineFor('Margherita')).toHaveTextContent('Not accepted: Extra mozzarella is sold out');
  });

  it('a sold-out refusal offers removing the refused line instead of Retry, and turns off + on that line', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita, cauliflower, diavola);
    renderApp('/cart');
    await placeOrder();

    const error = await screen.findByTestId('order-error');
    expect(within(error).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    const refused = lineFor('Korean Fried Cauliflower');
    const more = within(refused).getByTestId('line-increment');
    expect(more).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(more);
    expect(within(refused).getByTestId('line-quantity')).toHaveTextContent('1');
    expect(within(lineFor('Margherita')).getByTestId('line-increment')).toHaveAttribute('aria-disabled', 'false');

    await userEvent.click(within(error).getByRole('button', { name: 'Remove what wasn’t accepted' }));
    expect(screen.queryByTestId('order-error')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Korean Fried Cauliflower' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent('Removed Korean Fried Cauliflower from your cart'),
    );
    expect(screen.getByTestId('place-order')).toHaveFocus();
    await placeOrder();
    await orderPage();
    expect(requests.seen).toHaveLength(2);
    expect(provider.state.orders).toHaveLength(1);
  });

  it('an answer lost on the way back: Retry finds the order already placed, and no second one is made', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler, lostAnswer(provider));
    seedCart(margherita, diavola);
    const before = storedCartText();
    const { router } = renderApp('/cart');
    await placeOrder();

    const error = await screen.findByTestId('order-error');
    expect(error).toHaveTextContent('We couldn’t reach the restaurant');
    expect(storedCartText()).toBe(before);
    expect(provider.state.orders).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await orderPage();
    expect(requests.seen.map((request) => request.key)).toEqual([requests.seen[0]?.key, requests.seen[0]?.key]);
    expect(provider.state.orders).toHaveLength(1);
    expect(router.state.location.search).toEqual({ orderID: provider.state.orders[0]?.orderID });
  });

  it('after an uncertain failure the cart is locked, changes are ignored, and Retry places exactly one order', async () => {
    // The worst case: the order reached the provider, but the answer was lost on the way back.
    const requests = recordOrderRequests();
    server.use(requests.handler, lostAnswer(provider));
    seedCart(margherita, margherita, diavola);
    const before = storedCartText();
    renderApp('/cart');
    await placeOrder();

    const error = await screen.findByTestId('order-error');
    expect(error).toHaveTextContent('We can’t tell yet whether your order reached the kitchen.');
    expect(provider.state.orders).toHaveLength(1);
    const stored = localStorage.getItem('pending_order');
    expect(stored).not.toBeNull();

    // Every control that would change the order is disabled, as while sending, and clicking or typing does nothing.
    for (const name of ['Margherita', 'Diavola']) {
      for (const testId of ['line-increment', 'line-decrement', 'line-remove']) {
        const control = within(lineFor(name)).getByTestId(testId);
        expect(control).toHaveAttribute('aria-disabled', 'true');
        await userEvent.click(control);
      }
    }
    const note = screen.getByTestId('order-note');
    expect(note).toHaveAttribute('readOnly');
    await userEvent.type(note, 'more cheese');
    expect(note).toHaveValue('');
    const changeTable = screen.getByRole('button', { name: 'Change table' });
    expect(changeTable).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(changeTable);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storedCartText()).toBe(before);
    expect(screen.getByTestId('order-error')).toBe(error);
    expect(localStorage.getItem('pending_order')).toBe(stored);

    // The panel's button is Retry here: the same key and the same body, and the provider answers the order it already has.
    const place = screen.getByTestId('place-order');
    expect(place).toHaveAccessibleName('Retry');
    expect(place).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(place);
    await orderPage();
    expect(requests.seen).toHaveLength(2);
    expect(requests.seen[1]).toEqual(requests.seen[0]);
    expect(provider.state.orders).toHaveLength(1);
    expect(JSON.parse(storedCartText() ?? 'null')).toEqual([]);
    expect(localStorage.getItem('pending_order')).toBeNull();
  });

  it('after a refusal (422) the cart can be changed, and the next Place order is a new attempt with a new key', async () => {
    const { error, requests } = await failOnce(() =>
      providerErrorResponse(422, 'The kitchen cannot take orders for this table'),
    );
    expect(error).toHaveTextContent('The kitchen cannot take orders for this table');
    expect(error).not.toHaveTextContent('We can’t tell yet');
    expect(localStorage.getItem('pending_order')).toBeNull();
    const increment = within(lineFor('Diavola')).getByTestId('line-increment');
    expect(increment).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByTestId('order-note')).not.toHaveAttribute('readOnly');
    expect(screen.getByRole('button', { name: 'Change table' })).toHaveAttribute('aria-disabled', 'false');

    await userEvent.click(increment);
    expect(screen.queryByTestId('order-error')).not.toBeInTheDocument();

    await placeOrder();
    await orderPage();
    expect(requests.seen).toHaveLength(2);
    expect(requests.seen[1]?.key).not.toBe(requests.seen[0]?.key);
    expect((requests.seen[1]?.body as { items: unknown }).items).toEqual([
      { menu_id: 33, quantity: 2 },
      { menu_id: 34, quantity: 2 },
    ]);
    expect(provider.state.orders).toHaveLength(1);
  });
});

describe('a reload while the order was on its way', () => {
  const attempt = {
    key: 'reloaded-attempt-0001',
    order: { table_id: 3, items: [{ menu_id: 33, quantity: 2 }] },
    lineKeys: ['[33,""]'],
    entryIds: ['entry-a', 'entry-b'],
  };

  function seedInterrupted() {
    localStorage.setItem(
      'order_items',
      JSON.stringify([
        { id: 'entry-a', ...margherita },
        { id: 'entry-b', ...margherita },
      ]),
    );
    localStorage.setItem('pending_order', JSON.stringify(attempt));
  }

  it('asks again with the same key at once, and shows the order', async () => {
    const requests = recordOrderRequests();
    const held = heldOrderAnswer();
    server.use(held.handler, requests.handler);
    seedInterrupted();
    renderApp('/cart');

    expect(await screen.findByText('Checking whether your order went through…')).toBeInTheDocument();
    expect(screen.getByTestId('place-order')).toHaveAttribute('aria-disabled', 'true');
    held.release();
    await orderPage();
    expect(requests.seen).toEqual([{ key: 'reloaded-attempt-0001', body: attempt.order }]);
    expect(JSON.parse(storedCartText() ?? 'null')).toEqual([]);
    expect(localStorage.getItem('pending_order')).toBeNull();
  });

  it('finds the order the first request placed, instead of placing a second one', async () => {
    const first = await fetch(`${API}/orders`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer demo-token',
        'Content-Type': 'application/json',
        'Idempotency-Key': attempt.key,
      },
      body: JSON.stringify(attempt.order),
    });
    expect(first.status).toBe(201);
    seedInterrupted();
    const { router } = renderApp('/cart');

    await orderPage();
    expect(provider.state.orders).toHaveLength(1);
    expect(router.state.location.search).toEqual({ orderID: provider.state.orders[0]?.orderID });
  });

  it('keeps what the guest added since, taking out only what the order held', async () => {
    seedInterrupted();
    const entries = JSON.parse(storedCartText() ?? '[]') as unknown[];
    localStorage.setItem('order_items', JSON.stringify([...entries, { id: 'entry-c', ...diavola }]));
    renderApp('/cart');

    await orderPage();
    expect(JSON.parse(storedCartText() ?? 'null')).toEqual([{ id: 'entry-c', ...diavola }]);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
  });
});
