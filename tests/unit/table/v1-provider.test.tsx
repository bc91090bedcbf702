// The table's services against a provider of contract v1 alone (no table keys, seatings, bills or requests): no waiter
// call, no table's bill, no name prompt, and no button that leads to a dead end, whether the guest picked the table by
// hand or came by a link carrying a key; where the provider's table codes do open the table, a guest is told to scan.
import { screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../src/api/queries';
import { createFakeProvider } from '../../msw/provider-handlers';
import { v1OnlyHandlers } from '../../msw/v1-only-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, ORIGIN } from '../cart/support';

const provider = createFakeProvider({ origin: ORIGIN });
const server = setupMsw(...provider.handlers);
const TABLE = 5;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** The provider has answered that it has no profile: what the app knows of it is settled. */
const profileAnswered = (queryClient: QueryClient) =>
  waitFor(() => expect(queryClient.getQueryData(queryKeys.restaurant)).toBeNull());

/**
 * The menu's deferred table pieces (Call the waiter, the name prompt) are loaded once on a full provider, so that
 * their absence afterwards is the app's choice and not a chunk still on its way.
 */
async function loadTablePieces() {
  localStorage.setItem('table_id', String(TABLE));
  const app = renderApp('/?category_id=1');
  expect(await screen.findByRole('button', { name: 'Call the waiter' })).toBeInTheDocument();
  app.unmount();
  localStorage.clear();
}

async function placeV1Order(): Promise<string> {
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ table_id: TABLE, items: [{ menu_id: 33, quantity: 1 }] }),
  });
  const order = (await response.json()) as { orderID: string; order_key?: string };
  expect(order.order_key).toBeUndefined();
  localStorage.setItem(
    'my_orders',
    JSON.stringify([{ orderID: order.orderID, table_id: TABLE, placed_at: new Date().toISOString() }]),
  );
  return order.orderID;
}

describe('a guest at a table, against a v1 provider', () => {
  it('who picked the table by hand is offered no waiter call (a provider with table codes tells them to scan)', async () => {
    await loadTablePieces();
    localStorage.setItem('table_id', String(TABLE));
    const full = renderApp('/?category_id=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    expect(screen.getByText(/needs the QR code on your table/)).toBeVisible();
    full.unmount();

    server.use(...v1OnlyHandlers(provider));
    localStorage.removeItem('api-cache');
    const { queryClient } = renderApp('/?category_id=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeInTheDocument();
    await profileAnswered(queryClient);
    expect(await screen.findByText('Roasted Tomato Soup')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call the waiter' })).toBeNull();
  });

  it('sees their order with no link to a table’s bill, on the order page or in the table picker', async () => {
    server.use(...v1OnlyHandlers(provider));
    localStorage.setItem('table_id', String(TABLE));
    const orderID = await placeV1Order();
    const { queryClient } = renderApp(`/cart?orderID=${orderID}`);
    expect(await screen.findByTestId('add-to-order')).toBeInTheDocument();
    await profileAnswered(queryClient);
    expect(await screen.findByTestId('order-line')).toHaveTextContent('1 × Margherita');
    expect(screen.queryByTestId('see-table-bill')).toBeNull();

    await userEvent.click(screen.getByTestId('current-table'));
    const picker = await screen.findByTestId('table-picker');
    expect(await within(picker).findByRole('button', { name: /^Table 5/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(picker).queryByTestId('table-bill-link')).toBeNull();
  });

  it('opening the table’s page is told the bill is not shown on phones here, not to scan a code', async () => {
    server.use(...v1OnlyHandlers(provider));
    localStorage.setItem('table_id', String(TABLE));
    const { queryClient } = renderApp('/table');
    await profileAnswered(queryClient);
    expect(await screen.findByText('The table’s bill is not shown on phones here')).toBeInTheDocument();
    expect(screen.queryByText(/Scan your table’s QR code/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/cart');
  });

  it('opening /pay by hand is told paying on the phone is not available here, not to scan a code', async () => {
    server.use(...v1OnlyHandlers(provider));
    localStorage.setItem('table_id', String(TABLE));
    const { queryClient } = renderApp('/pay');
    await profileAnswered(queryClient);
    expect(await screen.findByText('Paying on your phone is not available here')).toBeInTheDocument();
    expect(screen.queryByText(/Scan your table’s QR code/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/cart');
  });

  it('who came by a link carrying a key is offered no waiter call, name prompt or table’s bill', async () => {
    await loadTablePieces();
    server.use(...v1OnlyHandlers(provider));
    const menu = renderApp(`/?table=${TABLE}&key=${provider.tableKey(TABLE)}&category_id=1`);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('table_seating') ?? '{}')).toMatchObject({ status: 'none' }),
    );
    await profileAnswered(menu.queryClient);
    expect(await screen.findByText('Roasted Tomato Soup')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call the waiter' })).toBeNull();
    expect(screen.queryByTestId('guest-name-prompt')).toBeNull();
    menu.unmount();

    renderApp('/table');
    expect(await screen.findByText('The table’s bill is not shown on phones here')).toBeInTheDocument();
  });
});
