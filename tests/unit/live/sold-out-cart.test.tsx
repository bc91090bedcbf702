// A dish going sold out while it waits in the cart: its card greys, its cart line says so, and the order waits for it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { menuQuery } from '../../../src/api/queries';
import type { MenuItem } from '../../../contract/guest';
import { fakeLiveEvents } from '../../msw/live-events';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, lineFor, recordOrderRequests, seedCart, tiramisu } from '../cart/support';
import { cardFor } from '../pos/support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

const soup = { menu_id: 3, name: 'Spiced Lentil Soup', price: 6.5, image: null };

beforeEach(() => {
  provider.reset();
  localStorage.clear();
  localStorage.setItem('table_id', '4');
  window.scrollTo = vi.fn();
});

describe('a dish sold out while in the cart', () => {
  it('greys on the POS, is flagged in the cart with Place order held, and clears when it is back', async () => {
    const user = userEvent.setup();
    const live = fakeLiveEvents(API);
    const orders = recordOrderRequests();
    server.use(live.handler, orders.handler);
    seedCart(soup, tiramisu);
    renderApp('/?category_id=1&sub_cat_id=1', undefined, { live: true });
    await screen.findByRole('link', { name: 'Spiced Lentil Soup' });
    await waitFor(() => expect(live.open).toBe(1));

    live.send({ id: 3, type: 'menu', data: { menu_id: 3, available: false, prep_minutes: 8 } });
    await waitFor(() => expect(cardFor('Spiced Lentil Soup')).toHaveTextContent('Sold out'));
    await user.click(screen.getByTestId('view-cart'));

    const line = await waitFor(() => lineFor('Spiced Lentil Soup'));
    expect(within(line).getByTestId('line-unavailable')).toHaveTextContent('No longer available');
    expect(line).toHaveAccessibleDescription(/No longer available/);
    expect(within(lineFor('Tiramisu')).queryByTestId('line-unavailable')).toBeNull();
    expect(screen.getByTestId('sold-out-problem')).toHaveTextContent(
      'Spiced Lentil Soup is no longer available. Remove it to place your order',
    );
    const place = screen.getByTestId('place-order');
    expect(place).toHaveAttribute('aria-disabled', 'true');
    await user.click(place);
    expect(orders.seen).toHaveLength(0);

    // Back on the menu: the flag and the hold go with it.
    live.send({ id: 4, type: 'menu', data: { menu_id: 3, available: true, prep_minutes: 8 } });
    await waitFor(() => expect(screen.queryByTestId('sold-out-problem')).toBeNull());
    expect(within(lineFor('Spiced Lentil Soup')).queryByTestId('line-unavailable')).toBeNull();
    expect(screen.getByTestId('place-order')).toHaveAttribute('aria-disabled', 'false');
  });

  it('takes the sold-out dish out with one button, and the rest can be ordered', async () => {
    const user = userEvent.setup();
    const live = fakeLiveEvents(API);
    const orders = recordOrderRequests();
    server.use(live.handler, orders.handler);
    seedCart(soup, soup, tiramisu);
    renderApp('/?category_id=1&sub_cat_id=1', undefined, { live: true });
    await screen.findByRole('link', { name: 'Spiced Lentil Soup' });
    await waitFor(() => expect(live.open).toBe(1));
    live.send({ id: 3, type: 'menu', data: { menu_id: 3, available: false, prep_minutes: 8 } });
    await waitFor(() => expect(cardFor('Spiced Lentil Soup')).toHaveTextContent('Sold out'));
    await user.click(screen.getByTestId('view-cart'));

    await user.click(await screen.findByRole('button', { name: 'Remove it from my cart' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Spiced Lentil Soup' })).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent('Removed Spiced Lentil Soup from your cart'),
    );
    expect(screen.getByTestId('place-order')).toHaveFocus();
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(orders.seen).toHaveLength(1));
    expect(orders.seen[0]?.body).toMatchObject({ items: [{ menu_id: 47, quantity: 1 }] });
  });

  it('asks the provider again when only an old cached answer says sold out, and does not hold the order', async () => {
    seedCart(soup);
    const { queryClient } = renderApp('/cart');
    const filter = { category_id: 1, sub_cat_id: 1 };
    await queryClient.prefetchQuery(menuQuery(filter));
    queryClient.setQueryData<MenuItem[]>(
      menuQuery(filter).queryKey,
      (items) => items?.map((item) => (item.id === 3 ? { ...item, available: false } : item)),
      { updatedAt: Date.now() - 60_000 },
    );
    // The provider says it is available: the flag may show for a moment, then goes.
    await waitFor(() => expect(lineFor('Spiced Lentil Soup')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('line-unavailable')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('sold-out-problem')).toBeNull());
    expect(queryClient.getQueryData<MenuItem[]>(menuQuery(filter).queryKey)?.find((i) => i.id === 3)?.available).toBe(
      true,
    );
  });
});
