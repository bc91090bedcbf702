// Following an order at /cart?orderID=: its lines, total, table and status, refreshed until served; removing a line; unknown orders; this device's orders.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, placeViaApi } from '../cart/support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

const twoLines = {
  table_id: 3,
  items: [
    { menu_id: 33, quantity: 2, note: 'no basil' },
    { menu_id: 47, quantity: 1 },
  ],
  note: 'Birthday',
};

function status() {
  return screen.getByTestId('order-status');
}

/** Counts the order reads the provider receives. */
function countReads() {
  const reads = { count: 0 };
  server.use(
    http.get(`${API}/orders`, () => {
      reads.count += 1;
      return undefined;
    }),
  );
  return reads;
}

describe('the order page', () => {
  it('shows the lines, total, table and status, with a way to add more', async () => {
    const orderID = await placeViaApi(twoLines);
    renderApp(`/cart?orderID=${orderID}`);

    const heading = await screen.findByRole('heading', { level: 1, name: `Order ${orderID}` });
    expect(heading).toHaveFocus();
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(2));
    const [pizza, dessert] = screen.getAllByTestId('order-line');
    expect(pizza).toHaveTextContent('2 × Margherita');
    expect(pizza).toHaveTextContent('“no basil”');
    expect(pizza).toHaveTextContent('$11.50 each');
    expect(pizza).toHaveTextContent('$23.00');
    expect(dessert).toHaveTextContent('1 × Tiramisu');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$30.50');
    expect(screen.getByText('Birthday')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Window 3 · placed/)).toBeInTheDocument());

    expect(status()).toHaveAttribute('data-status', 'received');
    expect(within(status()).getByRole('listitem', { current: 'step' })).toHaveTextContent('Received');
    expect(
      within(status())
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1Received', '2Preparing', '3Ready', '4Served']);
    expect(screen.getByTestId('add-to-order')).toHaveAttribute('href', `/?add_to=${orderID}`);
  });

  it('asks again every 10 s while the kitchen has it, announces each change, and stops once served', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const orderID = await placeViaApi(twoLines);
    const reads = countReads();
    renderApp(`/cart?orderID=${orderID}`);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'received'));
    expect(reads.count).toBe(1);

    provider.advance(orderID);
    await act(async () => {
      vi.advanceTimersByTime(9_999);
    });
    expect(reads.count).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'preparing'));
    expect(reads.count).toBe(2);
    // Announced by an effect of the render that shows the new status, so a moment after it.
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent(`Order ${orderID} is now preparing.`),
    );
    expect(within(status()).getByRole('listitem', { current: 'step' })).toHaveTextContent('Preparing');
    expect(within(status()).getByText('Received')).toHaveTextContent('Received (done)');

    provider.advance(orderID);
    provider.advance(orderID);
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'served'));
    // Announced by an effect of the render that shows the new status, so a moment after it.
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent(`Order ${orderID} is now served.`));
    expect(screen.queryByTestId('add-to-order')).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(reads.count).toBe(3);
  });

  it.each([
    ['ready', 2],
    ['served', 3],
  ] as const)('once %s, offers a way back to the menu instead of adding more', async (reached, steps) => {
    const orderID = await placeViaApi(twoLines);
    for (let step = 0; step < steps; step += 1) provider.advance(orderID);
    const { router } = renderApp(`/cart?orderID=${orderID}`);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', reached));
    expect(screen.queryByTestId('add-to-order')).not.toBeInTheDocument();
    const markers = within(status())
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    // A served order has nothing left to wait for: every step, the last too, is a check.
    expect(markers).toEqual(
      reached === 'served'
        ? ['✓Received (done)', '✓Preparing (done)', '✓Ready (done)', '✓Served (done)']
        : ['✓Received (done)', '✓Preparing (done)', '3Ready', '4Served'],
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to the menu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says a cancelled order was cancelled, without steps, and that nothing is owed, with the reason', async () => {
    const orderID = await placeViaApi(twoLines);
    const order = provider.state.orders[0]!;
    order.status = 'cancelled';
    order.cancelReason = 'The oven broke down';
    renderApp(`/cart?orderID=${orderID}`);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'cancelled'));
    expect(status()).toHaveTextContent('Cancelled');
    expect(status()).toHaveTextContent('This order was cancelled.');
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent('The restaurant’s reason: The oven broke down');
    expect(within(status()).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByTestId('add-to-order')).not.toBeInTheDocument();
    // The old total is not shown as owed.
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument();
    const owed = screen.getByTestId('order-nothing-owed');
    expect(owed).toHaveTextContent('Nothing to pay$0.00');
    expect(owed).toHaveTextContent(/This order was cancelled, so it is not on the bill: \$[\d.]+ is not owed\./);
  });

  it('says it could not find an order opened by a link without its key, and never sends a key it lacks', async () => {
    // Another device's order: this one has its id (a shared link) but not its key.
    const orderID = await placeViaApi(twoLines, { remember: false });
    const keys: (string | null)[] = [];
    server.use(
      http.get(`${API}/orders`, ({ request }) => {
        keys.push(request.headers.get('X-Order-Key'));
        return undefined;
      }),
    );
    renderApp(`/cart?orderID=${orderID}`);
    expect(await screen.findByText('We could not find that order')).toBeInTheDocument();
    expect(screen.queryByTestId('order-line')).not.toBeInTheDocument();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key === null)).toBe(true);
  });

  it.each([
    ['an unknown order', 'ZZZZZZZZ'],
    ['a malformed id', 'not an order!'],
  ])('says it could not find %s, with a way back to the menu', async (_, orderID) => {
    const reads = countReads();
    const { router } = renderApp(`/cart?orderID=${encodeURIComponent(orderID)}`);
    expect(await screen.findByText('We could not find that order')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Order ${orderID}`);
    // A 404 will not change by asking again.
    expect(reads.count).toBe(1);
    await userEvent.click(screen.getByRole('link', { name: 'Back to the menu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the guest’s wait', () => {
  /** What the provider answers for the order, read with its key as the page does. */
  async function answered(path: string, orderID?: string) {
    const response = await fetch(`${API}/${path}`, {
      headers: {
        Authorization: 'Bearer demo-token',
        ...(orderID === undefined ? {} : { 'X-Order-Key': provider.orderKey(orderID) }),
      },
    });
    return response.json() as Promise<Record<string, number>>;
  }

  it('says when the order should be ready and how many are ahead of it, from the kitchen’s queue', async () => {
    await placeViaApi(twoLines, { remember: false });
    const orderID = await placeViaApi({ table_id: 4, items: [{ menu_id: 33, quantity: 1 }] });
    const estimate = await answered(`orders/estimate?orderID=${orderID}`, orderID);
    expect(estimate.tickets_ahead).toBe(1);
    renderApp(`/cart?orderID=${orderID}`);

    expect(await screen.findByTestId('order-wait')).toHaveTextContent(
      `Ready in about ${estimate.ready_in_minutes} min: 1 order ahead of yours`,
    );
  });

  it('from a provider without the estimate (404), shows the kitchen’s load from the summary instead', async () => {
    server.use(http.get(`${API}/orders/estimate`, () => providerErrorResponse(404, 'Not found')));
    await placeViaApi(twoLines, { remember: false });
    const orderID = await placeViaApi({ table_id: 4, items: [{ menu_id: 33, quantity: 1 }] });
    const summary = await answered('summary');
    renderApp(`/cart?orderID=${orderID}`);

    expect(await screen.findByTestId('order-wait')).toHaveTextContent(
      `Kitchen: 2 orders ahead, about ${Math.max(1, Math.round(summary.average_wait_minutes!))} min`,
    );
  });
});

describe('one line per dish and note', () => {
  it('shows 23 of a dish sent as 20 + 3 as one line, and Remove takes that whole line', async () => {
    const orderID = await placeViaApi({
      table_id: 3,
      items: [
        { menu_id: 33, quantity: 20 },
        { menu_id: 33, quantity: 3 },
        { menu_id: 47, quantity: 1 },
      ],
    });
    expect(provider.order(orderID)?.items).toHaveLength(3);
    renderApp(`/cart?orderID=${orderID}`);
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(2));
    const [pizza] = screen.getAllByTestId('order-line');
    expect(pizza).toHaveTextContent('23 × Margherita');
    expect(pizza).toHaveTextContent('$264.50');

    await userEvent.click(screen.getByRole('button', { name: 'Remove 23 × Margherita' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Margherita?' });
    expect(dialog).toHaveTextContent(`23 × Margherita will be taken off order ${orderID}.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(1));
    expect(provider.order(orderID)?.items.map((line) => `${line.quantity} × ${line.name}`)).toEqual(['1 × Tiramisu']);
  });
});

describe('removing a line', () => {
  it('asks first, then removes it while the order is received', async () => {
    const orderID = await placeViaApi(twoLines);
    renderApp(`/cart?orderID=${orderID}`);
    const remove = await screen.findByRole('button', { name: 'Remove 2 × Margherita' });

    await userEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove Margherita?' });
    expect(dialog).toHaveTextContent(`2 × Margherita (“no basil”) will be taken off order ${orderID}.`);
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(provider.order(orderID)?.items).toHaveLength(2);
    expect(remove).toHaveFocus();

    await userEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove Margherita?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(1));
    expect(provider.order(orderID)?.items.map((line) => line.name)).toEqual(['Tiramisu']);
    expect(screen.getByTestId('order-total')).toHaveTextContent('$7.50');
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent('Removed Margherita from your order'),
    );
    expect(screen.getByRole('heading', { name: 'What you ordered' })).toHaveFocus();
    // An order keeps at least one line: the last one is not offered.
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('is refused with the reason once the kitchen has started (409), and the page catches up', async () => {
    const orderID = await placeViaApi(twoLines);
    renderApp(`/cart?orderID=${orderID}`);
    const remove = await screen.findByRole('button', { name: 'Remove 1 × Tiramisu' });
    provider.advance(orderID);

    await userEvent.click(remove);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t remove Tiramisu');
    expect(alert).toHaveTextContent(`Lines can no longer be removed from order ${orderID}: it is preparing`);
    expect(provider.order(orderID)?.items).toHaveLength(2);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'preparing'));
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
  });
});

describe('your orders', () => {
  it('lists this device’s orders, newest first, each linking to its page', async () => {
    const older = await placeViaApi({ table_id: 5, items: [{ menu_id: 33, quantity: 1 }] });
    const newer = await placeViaApi(twoLines);
    localStorage.setItem(
      'my_orders',
      JSON.stringify([
        { orderID: newer, table_id: 3, placed_at: '2026-11-21T19:05:00.000Z', order_key: provider.orderKey(newer) },
        { orderID: older, table_id: 5, placed_at: '2026-11-21T18:40:00.000Z', order_key: provider.orderKey(older) },
      ]),
    );
    const { router } = renderApp(`/cart?orderID=${newer}`);
    const mine = await screen.findByTestId('my-orders');
    const links = within(mine).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/cart?orderID=${newer}`,
      `/cart?orderID=${older}`,
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(links[1]).toHaveTextContent('Table 5'));

    await userEvent.click(links[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${older}` })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ orderID: older });
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(1));
  });

  it('are shown on the cart screen too', async () => {
    localStorage.setItem(
      'my_orders',
      JSON.stringify([{ orderID: 'K7F3QX2M', table_id: 3, placed_at: '2026-11-21T19:05:00.000Z' }]),
    );
    renderApp('/cart');
    const mine = await screen.findByTestId('my-orders');
    expect(within(mine).getByRole('link', { name: /Order K7F3QX2M/ })).toHaveAttribute(
      'href',
      '/cart?orderID=K7F3QX2M',
    );
  });
});
