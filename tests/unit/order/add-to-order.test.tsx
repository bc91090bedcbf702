// Add-to-order mode (`/?add_to=ORDERID`): the banner, dishes sent to the order with addMenu instead of the cart, and a refusal once the order is past preparing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, placeViaApi } from '../cart/support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
  localStorage.setItem('table_id', '3');
});

const DESSERTS = 'category_id=4&sub_cat_id=9';

async function placePizza() {
  return placeViaApi({ table_id: 3, items: [{ menu_id: 33, quantity: 1 }] });
}

function banner() {
  return screen.getByRole('region', { name: /^Adding to order/ });
}

describe('add-to-order mode', () => {
  it('the order page leads there, and the banner says which order the menu adds to', async () => {
    const orderID = await placePizza();
    const { router } = renderApp(`/cart?orderID=${orderID}`);
    await userEvent.click(await screen.findByTestId('add-to-order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ add_to: orderID });
    expect(await screen.findByRole('region', { name: `Adding to order ${orderID}` })).toBeInTheDocument();
    expect(banner()).toHaveTextContent('Dishes you add go straight to the kitchen with this order, not to your cart.');
  });

  it('sends a dish to the order with addMenu, leaves the cart alone, says so, and Done shows the order', async () => {
    const orderID = await placePizza();
    const { router } = renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tiramisu to your order' }));

    await waitFor(() =>
      expect(provider.order(orderID)?.items.map((line) => line.name)).toEqual(['Margherita', 'Tiramisu']),
    );
    const result = await within(banner()).findByTestId('add-to-order-result');
    await waitFor(() => expect(result).toHaveTextContent(`Added 1 × Tiramisu to order ${orderID}`));
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent(`Added 1 × Tiramisu to order ${orderID}`),
    );
    expect(localStorage.getItem('order_items')).toBeNull();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');

    await userEvent.click(within(banner()).getByRole('link', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ orderID }));
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${orderID}` })).toBeInTheDocument();
    expect(screen.getAllByTestId('order-line').map((line) => line.textContent)).toEqual([
      expect.stringContaining('1 × Margherita'),
      expect.stringContaining('1 × Tiramisu'),
    ]);
    expect(screen.queryByRole('region', { name: /^Adding to order/ })).not.toBeInTheDocument();
  });

  it('stays in add-to-order mode through categories, sections and dishes; the header’s home link leaves it', async () => {
    const orderID = await placePizza();
    const { router } = renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    const categories = await screen.findByRole('navigation', { name: 'Menu categories' });
    await userEvent.click(within(categories).getByRole('link', { name: 'Drinks' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ add_to: orderID, category_id: 5 }));
    // The tabs are the new category's once their links lead into it (the previous category's may still be on screen).
    await waitFor(() =>
      expect(screen.getAllByTestId('sub-category')[0]).toHaveAttribute(
        'href',
        expect.stringContaining('category_id=5'),
      ),
    );
    await userEvent.click(screen.getAllByTestId('sub-category')[0]!);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ add_to: orderID, category_id: 5 }));
    expect(router.state.location.search).toHaveProperty('sub_cat_id');
    const dish = (await screen.findAllByTestId('menu-item'))[0]!;
    expect(within(dish).getByRole('link')).toHaveAttribute('href', expect.stringContaining(`add_to=${orderID}`));
    await userEvent.click(within(dish).getByRole('link'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ add_to: orderID }));
    expect(router.state.location.search).toHaveProperty('menu_id');
    expect(banner()).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('link', { name: 'Amber Table' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('add_to'));
    expect(screen.queryByRole('region', { name: /^Adding to order/ })).not.toBeInTheDocument();
  });

  it('is refused once the order is ready (409), with the provider’s reason', async () => {
    const orderID = await placePizza();
    provider.advance(orderID);
    renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    const add = await screen.findByRole('button', { name: 'Add Tiramisu to your order' });
    // The kitchen finishes while the guest is choosing.
    provider.advance(orderID);
    await userEvent.click(add);

    const result = await within(banner()).findByTestId('add-to-order-result');
    await waitFor(() => expect(result).toHaveAttribute('data-status', 'error'));
    expect(result).toHaveTextContent(
      `Couldn’t add 1 × Tiramisu: Order ${orderID} can no longer be changed: it is ready`,
    );
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent(
        `Couldn’t add 1 × Tiramisu: Order ${orderID} can no longer be changed`,
      ),
    );
    expect(provider.order(orderID)?.items).toHaveLength(1);
    expect(localStorage.getItem('order_items')).toBeNull();
    // The banner catches up with the order.
    await waitFor(() => expect(banner()).toHaveTextContent('This order is ready: it can no longer be changed.'));
  });

  it('a dish sold out meanwhile is refused in the guest’s language, in the banner and the live region', async () => {
    const orderID = await placePizza();
    server.use(
      http.post(`${API}/menu`, () => providerErrorResponse(422, 'Tiramisu is sold out', { menu_id: 'sold out' })),
    );
    await activateLanguage('es');
    renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    const [add] = await screen.findAllByRole('button', { name: /^Añadir .+ a tu pedido$/ });
    if (!add) throw new Error('No Add button');
    await userEvent.click(add);
    const result = await within(screen.getByRole('region', { name: /^Añadiendo al pedido/ })).findByTestId(
      'add-to-order-result',
    );
    await waitFor(() => expect(result).toHaveAttribute('data-status', 'error'));
    expect(result).toHaveTextContent(/^No se ha podido añadir 1 × .+: agotado$/);
    expect(result).not.toHaveTextContent('sold out');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent(/: agotado/));
    expect(provider.order(orderID)?.items).toHaveLength(1);
  });

  it('for an order already served, turns Add off and offers the menu instead', async () => {
    const orderID = await placePizza();
    for (let step = 0; step < 3; step += 1) provider.advance(orderID);
    const { router } = renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    await waitFor(() => expect(banner()).toHaveTextContent('This order is served: it can no longer be changed.'));
    const add = screen.getByRole('button', { name: 'Add Tiramisu to your order' });
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    expect(add).toHaveAccessibleDescription(expect.stringContaining('This order is served'));
    await userEvent.click(add);
    expect(provider.order(orderID)?.items).toHaveLength(1);
    expect(within(banner()).queryByTestId('add-to-order-result')).not.toBeInTheDocument();

    await userEvent.click(within(banner()).getByRole('link', { name: 'Order from the menu instead' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 4, sub_cat_id: 9 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tiramisu to cart' }));
    expect(JSON.parse(localStorage.getItem('order_items') ?? '[]')).toHaveLength(1);
  });

  it('says so when the order does not exist', async () => {
    renderApp(`/?add_to=NOSUCH00&${DESSERTS}`);
    await waitFor(() =>
      expect(banner()).toHaveTextContent('We could not find this order, so nothing can be added to it.'),
    );
  });

  it('without add_to, adding fills the cart and no banner shows', async () => {
    renderApp(`/?${DESSERTS}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tiramisu to cart' }));
    expect(JSON.parse(localStorage.getItem('order_items') ?? '[]')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /^Adding to order/ })).not.toBeInTheDocument();
  });
});
