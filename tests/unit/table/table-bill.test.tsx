// The table's bill from the guest's side (contract v1.1 "Table sessions"): the name asked once and sent with orders,
// the Table page grouped by guest with the total, the waiter call, and what the page says without a key or a bill.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, margherita, ORIGIN, seedCart } from '../cart/support';

const provider = createFakeProvider({ origin: ORIGIN });
const server = setupMsw(...provider.handlers);
const TABLE = 5;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** This device came by table 5's QR code. */
function atTableByQr() {
  localStorage.setItem('table_id', String(TABLE));
  localStorage.setItem('table_key', JSON.stringify({ table_id: TABLE, key: provider.tableKey(TABLE) }));
}

/** Another phone at the table places an order, as the provider would have it. */
async function otherPhoneOrders(guest: string | undefined, menuId: number, quantity: number) {
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer demo-token',
      'Content-Type': 'application/json',
      'X-Table-Key': provider.tableKey(TABLE),
    },
    body: JSON.stringify({ table_id: TABLE, items: [{ menu_id: menuId, quantity }], ...(guest ? { guest } : {}) }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderID: string }).orderID;
}

describe('the table’s bill', () => {
  it('asks a QR guest for a first name once and sends it with the order', async () => {
    atTableByQr();
    seedCart(margherita);
    const { router } = renderApp('/?category_id=1');
    const prompt = await screen.findByTestId('guest-name-prompt');
    await userEvent.type(within(prompt).getByLabelText('Your first name (optional)'), '  Ana ');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByTestId('guest-name-prompt')).toBeNull());
    expect(JSON.parse(localStorage.getItem('guest_name') ?? '{}')).toEqual({ name: 'Ana' });

    await router.navigate({ to: '/cart' });
    await userEvent.click(await screen.findByTestId('place-order'));
    await screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ });
    expect(provider.state.orders.map((order) => order.guest)).toEqual(['Ana']);
  });

  it('Skip remembers that the guest was asked, with no name', async () => {
    atTableByQr();
    renderApp('/?category_id=1');
    await userEvent.click(within(await screen.findByTestId('guest-name-prompt')).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByTestId('guest-name-prompt')).toBeNull());
    expect(JSON.parse(localStorage.getItem('guest_name') ?? '{}')).toEqual({ name: null });
  });

  it('does not ask for a name at a table chosen without its QR code', async () => {
    localStorage.setItem('table_id', '3');
    renderApp('/?category_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' }, { timeout: 5000 });
    expect(screen.queryByTestId('guest-name-prompt')).toBeNull();
  });

  it('shows every order of the seating grouped by guest, with the table total; other phones’ orders are not marked as yours', async () => {
    atTableByQr();
    const ben = await otherPhoneOrders('Ben', 47, 2);
    const nameless = await otherPhoneOrders(undefined, 33, 1);
    renderApp('/table');
    const benGroup = await screen.findByRole('region', { name: 'Ben' });
    expect(within(benGroup).getByText(`Order ${ben}`)).toBeInTheDocument();
    expect(within(benGroup).getByText('2 × Tiramisu')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Without a name' })).getByText(`Order ${nameless}`)).toBeVisible();
    expect(screen.getByTestId('table-total')).toHaveTextContent('$26.50');
    expect(screen.queryByText(/\(yours\)/)).toBeNull();
  });

  it('calls the waiter after a confirmation, then says a waiter is on the way', async () => {
    atTableByQr();
    await otherPhoneOrders('Ben', 47, 1);
    renderApp('/table');
    await userEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    const dialog = await screen.findByTestId('confirm-waiter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, call the waiter' }));
    expect(await screen.findByText('A waiter is on the way.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call the waiter' })).toBeDisabled();
    expect(provider.tables.requests).toEqual([expect.objectContaining({ table_id: TABLE, kind: 'waiter' })]);
    // Not now: nothing is asked.
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the bill' }));
    await userEvent.click(within(await screen.findByTestId('confirm-bill')).getByRole('button', { name: 'Not now' }));
    expect(provider.tables.requests).toHaveLength(1);
  });

  it('without the table’s key, explains that the QR code shows the bill, and asks the provider nothing', async () => {
    const asked = vi.fn();
    server.use(http.get(`${API}/table/orders`, () => void asked()));
    localStorage.setItem('table_id', '3');
    renderApp('/table');
    expect(await screen.findByText('Scan your table’s QR code to see its bill')).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });

  it('against a provider without table bills (404), says the bill is not available', async () => {
    server.use(
      http.get(`${API}/table/orders`, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'There is no GET /table/orders' } }, { status: 404 }),
      ),
    );
    atTableByQr();
    renderApp('/table');
    expect(await screen.findByText('The table’s bill is not available')).toBeInTheDocument();
  });
});
