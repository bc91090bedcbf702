// The router as a guest meets it: the not-found page and its ways out, scroll to top, loaders while screens load, forgiving search params.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';

const provider = createFakeProvider({ origin: 'http://localhost:3000' });
const server = setupMsw(...provider.handlers);

// jsdom does not scroll; the router's reset to the top is observed through window.scrollTo, a spy (tests/setup/unit.ts).
describe('not-found page', () => {
  it('shows the spec’s texts for any unknown path, inside the shell', async () => {
    renderApp('/no/such/dish');
    const page = await screen.findByTestId('not-found');
    expect(within(page).getByText('404')).toBeInTheDocument();
    // The heading takes the focus in an effect, which may run a moment after the page is drawn.
    await waitFor(() =>
      expect(within(page).getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toHaveFocus(),
    );
    expect(
      within(page).getByText(
        "Looks like you've wandered off the menu! The page you're looking for doesn't exist or has been moved to a different location.",
      ),
    ).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(within(page).getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
  });

  it('Back to Home goes to the menu', async () => {
    const { router } = renderApp('/nowhere');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Home' }));
    expect(await screen.findByRole('heading', { name: 'Menu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Go Back goes one step back in history', async () => {
    const { router } = renderApp(['/cart', '/nowhere']);
    await screen.findByTestId('not-found');
    // The memory history only knows it can go back once the app itself has navigated.
    await act(() => router.navigate({ to: '/cart' }));
    await act(() => router.navigate({ to: '/missing' as '/' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
  });

  it('Go Back from a first visit, with nowhere to go back to, goes home', async () => {
    const { router } = renderApp('/nowhere');
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('navigation', () => {
  it('scrolls to the top on every route change', async () => {
    renderApp('/cart');
    await screen.findByRole('heading', { name: 'Your cart' });
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Amber Table' }));
    await screen.findByRole('heading', { name: 'Menu' });
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, left: 0 }));
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(screen.getByRole('link', { name: /cart/i }));
    await screen.findByRole('heading', { name: 'Your cart' });
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, left: 0 }));
  });

  it('still opens the menu when the provider cannot be reached', async () => {
    server.use(http.get('http://localhost:3000/api/v1/category', () => HttpResponse.error()));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Menu' })).toBeInTheDocument();
  });
});

describe('search params', () => {
  it('keeps valid ids on /', async () => {
    const section = demoRestaurant.subCategories.find((sub) => sub.category_id === 2)!;
    const dish = demoRestaurant.menuItems.find((item) => item.sub_cat_id === section.id)!;
    const { router } = renderApp(`/?category_id=2&sub_cat_id=${section.id}&menu_id=${dish.id}`);
    expect(await screen.findByRole('dialog', { name: dish.name })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ category_id: 2, sub_cat_id: section.id, menu_id: dish.id });
  });

  it('drops bad values on / instead of failing', async () => {
    const { router } = renderApp('/?category_id=pizza&sub_cat_id=-2&menu_id=1.5');
    expect(await screen.findByRole('heading', { name: 'Menu' })).toBeInTheDocument();
    // The bad values are gone; the screen then chooses the first category, as on any first visit.
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps an order id on /cart, numeric or not, and drops an empty one', async () => {
    const first = renderApp('/cart?orderID=K7F3QX2M');
    expect(await screen.findByText('Order K7F3QX2M')).toBeInTheDocument();
    first.unmount();

    const second = renderApp('/cart?orderID=12345');
    expect(await screen.findByText('Order 12345')).toBeInTheDocument();
    second.unmount();

    const third = renderApp('/cart?orderID=%20%20');
    await screen.findByRole('heading', { name: 'Your cart' });
    expect(screen.queryByText(/^Order/)).not.toBeInTheDocument();
    expect(third.router.state.matches.at(-1)?.search).toEqual({});
  });
});

describe('header cart badge', () => {
  it('shows the count and the potential spend from order_items, and follows other tabs', async () => {
    localStorage.setItem('order_items', JSON.stringify([{ price: '$12.50' }, { price: 4 }]));
    renderApp('/cart');
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('2');
    expect(screen.getByTestId('potential-spend')).toHaveTextContent('$16.50');
    expect(screen.getByRole('link', { name: 'Cart: 2 items, $16.50' })).toHaveAttribute('href', '/cart');

    localStorage.setItem('order_items', JSON.stringify([{ price: 3 }]));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'order_items' })));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
    expect(screen.getByTestId('potential-spend')).toHaveTextContent('$3.00');
  });
});
