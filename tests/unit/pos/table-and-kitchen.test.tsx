// The guest's table from a QR link or the prompt, and the kitchen's load as a quiet line.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, fakeWindowScroll } from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);
fakeWindowScroll();

const summary = (open_orders: number, average_wait_minutes: number) =>
  http.get(`${API}/summary`, () =>
    HttpResponse.json({ open_orders, average_wait_minutes, tables_free: 5, tables_total: 12 }),
  );

describe('table', () => {
  it('takes the table from the QR link /?table=3, remembers it, shows it, and tidies the address', async () => {
    const { router, history } = renderApp('/?table=3');
    // The header names the link's table from the start; it is the device's once the floor plan confirms it.
    await waitFor(() => expect(localStorage.getItem('table_id')).toBe('3'));
    expect(screen.getByTestId('current-table')).toHaveTextContent('Window 3');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1 }));
    expect(history.length).toBe(1);
    expect(screen.queryByText('Which table are you at?')).not.toBeInTheDocument();
  });

  it('a QR link replaces a table chosen before', async () => {
    localStorage.setItem('table_id', '5');
    renderApp('/?category_id=2&table=12');
    await waitFor(() => expect(screen.getByTestId('current-table')).toHaveTextContent('Terrace 12'));
    expect(localStorage.getItem('table_id')).toBe('12');
  });

  it('asks which table the guest is at until one is chosen', async () => {
    renderApp('/?category_id=1');
    expect(await screen.findByText('Which table are you at?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pick your table' }));
    const picker = await screen.findByRole('dialog', { name: 'Where are you sitting?' });
    await userEvent.click(await within(picker).findByRole('button', { name: /Booth 10/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Which table are you at?')).not.toBeInTheDocument();
    expect(localStorage.getItem('table_id')).toBe('10');
    // The prompt is gone; focus lands on the header's table control, which now names the table.
    expect(screen.getByTestId('current-table')).toHaveFocus();
    expect(screen.getByTestId('current-table')).toHaveTextContent('Booth 10');
  });

  it('fetches the floor plan once the menu is up, so a guest who goes offline before choosing can still choose', async () => {
    let asked = 0;
    server.use(
      http.get(`${API}/tables`, () => {
        asked++;
      }),
    );
    renderApp('/?category_id=1');
    expect(await screen.findByText('Which table are you at?')).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(1));
    // Offline from here: the picker lists what the menu screen fetched.
    server.use(http.get(`${API}/tables`, () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Pick your table' }));
    const picker = await screen.findByRole('dialog', { name: 'Where are you sitting?' });
    await userEvent.click(await within(picker).findByRole('button', { name: /Booth 10/ }));
    await waitFor(() => expect(screen.getByTestId('current-table')).toHaveTextContent('Booth 10'));
  });

  it('never chooses a table the restaurant does not have: says so and opens the picker', async () => {
    localStorage.setItem('table_id', '5');
    const { router } = renderApp('/?table=77');
    expect(
      await screen.findByText('We couldn’t find table 77 in the restaurant. Which table are you at?'),
    ).toBeInTheDocument();
    const picker = await screen.findByRole('dialog', { name: 'Where are you sitting?' });
    // Table 77 was never the device's table, not even for a moment.
    expect(screen.getByTestId('current-table')).toHaveTextContent('Table 5');
    expect(screen.getByTestId('current-table')).not.toHaveTextContent('77');
    expect(localStorage.getItem('table_id')).toBe('5');
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('table'));

    await userEvent.click(await within(picker).findByRole('button', { name: /^Table 7/ }));
    await waitFor(() => expect(screen.getByTestId('current-table')).toHaveTextContent('Table 7'));
    expect(localStorage.getItem('table_id')).toBe('7');
    expect(screen.queryByText(/We couldn’t find table/)).not.toBeInTheDocument();
  });

  it('says so when another table’s QR code moves a cart already filled', async () => {
    localStorage.setItem('table_id', '3');
    localStorage.setItem(
      'order_items',
      JSON.stringify([
        { id: 'a', menu_id: 33, name: 'Margherita', price: 11.5, image: null },
        { id: 'b', menu_id: 47, name: 'Tiramisu', price: 7.5, image: null },
      ]),
    );
    renderApp('/?category_id=1&table=12');
    const moved = await screen.findByTestId('table-moved');
    expect(moved).toHaveTextContent(
      'This device now orders for Terrace 12, not Window 3. The 2 items in your cart will be ordered for Terrace 12.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent('This device now orders for Terrace 12'),
    );
    expect(localStorage.getItem('table_id')).toBe('12');
    await userEvent.click(within(moved).getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('table-moved')).not.toBeInTheDocument();
  });

  it('says nothing when the cart is empty or the table is the same', async () => {
    localStorage.setItem('table_id', '12');
    localStorage.setItem(
      'order_items',
      JSON.stringify([{ id: 'a', menu_id: 33, name: 'Margherita', price: 11.5, image: null }]),
    );
    const { router } = renderApp('/?category_id=1&table=12');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1 }));
    expect(screen.queryByTestId('table-moved')).not.toBeInTheDocument();
  });
});

describe('kitchen line', () => {
  it('says how busy the kitchen is, in words that fit the numbers', async () => {
    server.use(summary(4, 11.6));
    const first = renderApp('/?category_id=1');
    expect(await screen.findByTestId('kitchen-summary')).toHaveTextContent('Kitchen: 4 orders ahead, about 12 min');
    first.unmount();

    server.use(summary(1, 0.2));
    const second = renderApp('/?category_id=1');
    expect(await screen.findByTestId('kitchen-summary')).toHaveTextContent('Kitchen: 1 order ahead, about 1 min');
    second.unmount();

    server.use(summary(0, 0));
    renderApp('/?category_id=1');
    expect(await screen.findByTestId('kitchen-summary')).toHaveTextContent('Kitchen: no queue right now');
  });

  it('follows the kitchen as orders come in', async () => {
    const { queryClient } = renderApp('/?category_id=1');
    expect(await screen.findByTestId('kitchen-summary')).toHaveTextContent('Kitchen: no queue right now');
    expect(queryClient.getQueryCache().find({ queryKey: ['summary'] })?.observers[0]?.options.refetchInterval).toBe(
      30_000,
    );
    server.use(summary(2, 9));
    await queryClient.refetchQueries({ queryKey: ['summary'] });
    expect(await screen.findByText('Kitchen: 2 orders ahead, about 9 min')).toBeInTheDocument();
  });

  it('stays out of the way when the kitchen’s figures cannot be had', async () => {
    server.use(http.get(`${API}/summary`, () => providerErrorResponse(404, 'No kitchen here')));
    renderApp('/?category_id=1');
    expect(await screen.findByRole('link', { name: 'Roasted Tomato Soup' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('kitchen-summary')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
