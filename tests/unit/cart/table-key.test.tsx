// Contract v1.1 from the guest's side: the QR code's table key sent with orders, a refusal that asks to scan the
// code (the cart kept), a v1 provider without keys, and an answer that names its order but breaks the contract.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, cartLines, margherita, ORIGIN, seedCart, tiramisu } from './support';

// A provider that wants the table's key with every order (PROVIDER_TABLE_KEYS=required).
const provider = createFakeProvider({ origin: ORIGIN, tableKeys: 'required' });
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** Records the keys each order request and each order read carried. */
function recordKeys() {
  const seen = { table: [] as (string | null)[], order: [] as (string | null)[] };
  server.use(
    http.post(`${API}/orders`, ({ request }) => {
      seen.table.push(request.headers.get('X-Table-Key'));
      return undefined;
    }),
    http.get(`${API}/orders`, ({ request }) => {
      seen.order.push(request.headers.get('X-Order-Key'));
      return undefined;
    }),
  );
  return seen;
}

const orderHeading = () => screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ });

describe('table keys', () => {
  it('without the table key, tells the guest to scan the code on their table and keeps the cart', async () => {
    localStorage.setItem('table_id', '3');
    seedCart(margherita, tiramisu);
    renderApp('/cart');
    await userEvent.click(await screen.findByTestId('place-order'));

    expect(await screen.findByText(/scan the QR code on your table/)).toBeInTheDocument();
    expect(provider.state.orders).toHaveLength(0);
    expect(cartLines()).toHaveLength(2);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    // A definite no: nothing is left to resend after a reload.
    expect(localStorage.getItem('pending_order')).toBeNull();
  });

  it('keeps the key of a QR link with its table, out of the address, and sends it with the order', async () => {
    const seen = recordKeys();
    seedCart(margherita);
    const { router } = renderApp(`/?table=3&key=${provider.tableKey(3)}`);
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('key'));
    expect(router.state.location.search).not.toHaveProperty('table');
    expect(localStorage.getItem('table_id')).toBe('3');

    await router.navigate({ to: '/cart' });
    await userEvent.click(await screen.findByTestId('place-order'));
    await orderHeading();
    expect(seen.table).toEqual([provider.tableKey(3)]);
    // The order's key, from the answer, is kept with it for every later call about the order.
    const [placed] = provider.state.orders;
    expect(JSON.parse(localStorage.getItem('my_orders') ?? '[]')).toEqual([
      expect.objectContaining({ orderID: placed!.orderID, order_key: provider.orderKey(placed!.orderID) }),
    ]);
  });

  it('does not send one table’s key with an order for another table', async () => {
    const seen = recordKeys();
    localStorage.setItem('table_key', JSON.stringify({ table_id: 5, key: provider.tableKey(5) }));
    localStorage.setItem('table_id', '3');
    seedCart(margherita);
    renderApp('/cart');
    await userEvent.click(await screen.findByTestId('place-order'));
    expect(await screen.findByText(/scan the QR code on your table/)).toBeInTheDocument();
    expect(seen.table).toEqual([null]);
  });
});

describe('providers that differ from the contract', () => {
  it('works with a v1 provider: no order key in the answer, none sent', async () => {
    const open = createFakeProvider({ origin: ORIGIN });
    const reads: (string | null)[] = [];
    server.use(
      http.post(`${API}/orders`, async (info) => {
        const answer = await open.handlers.find((h) => h.info.header === `POST ${API}/orders`)!.run(info);
        const { order_key: _key, ...v1 } = (await answer!.response!.json()) as Record<string, unknown>;
        return HttpResponse.json(v1, { status: answer!.response!.status });
      }),
      http.get(`${API}/orders`, ({ request }) => {
        // A v1 provider answers every read of an order, and no read sends a key.
        reads.push(request.headers.get('X-Order-Key'));
        const order = open.order(new URL(request.url).searchParams.get('orderID') ?? '');
        return order
          ? HttpResponse.json([order])
          : HttpResponse.json({ error: { code: 'not_found', message: 'No' } }, { status: 404 });
      }),
    );
    localStorage.setItem('table_id', '3');
    seedCart(margherita);
    renderApp('/cart');
    await userEvent.click(await screen.findByTestId('place-order'));
    await orderHeading();
    const [mine] = JSON.parse(localStorage.getItem('my_orders') ?? '[]') as Record<string, unknown>[];
    expect(mine).not.toHaveProperty('order_key');
    expect(await screen.findAllByTestId('order-line')).toHaveLength(1);
    // Opened again later (a new visit): read from the provider, without a key.
    cleanup();
    renderApp(`/cart?orderID=${String(mine!.orderID)}`);
    expect(await screen.findAllByTestId('order-line')).toHaveLength(1);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((key) => key === null)).toBe(true);
  });

  it('shows an order whose answer names it but breaks the contract elsewhere, and reports the mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('table_id', '3');
    seedCart(margherita, margherita);
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            orderID: 'K7F3QX2M',
            table_id: 3,
            status: 'received',
            // A real provider's line ids as strings, and no timestamps.
            items: [{ line_id: '17', menu_id: 33, name: 'Margherita', price: 11.5, quantity: 2, note: '' }],
            note: '',
            total: '23.00',
          },
          { status: 201 },
        ),
      ),
    );
    const { router } = renderApp('/cart');
    await userEvent.click(await screen.findByTestId('place-order'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order K7F3QX2M' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ orderID: 'K7F3QX2M' });
    expect(screen.getAllByTestId('order-line')[0]).toHaveTextContent('2 × Margherita');
    expect(JSON.parse(localStorage.getItem('my_orders') ?? '[]')).toEqual([
      expect.objectContaining({ orderID: 'K7F3QX2M', table_id: 3 }),
    ]);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('K7F3QX2M was placed'), expect.anything());
    errors.mockRestore();
  });
});
