// Browsing the menu as a guest: the first category on arrival, categories and sections as links in the URL, Back and bad links.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';
import { createQueryClient } from '../../../src/api/query-client';
import { categoriesQuery } from '../../../src/api/queries';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { cardFor, cardNames, fakeProvider, fakeWindowScroll } from './support';

const provider = fakeProvider();
setupMsw(...provider.handlers);
fakeWindowScroll();

describe('POS browsing', () => {
  it('opens on the first category, grouped by its sections, without a history entry to bounce back to', async () => {
    const { router, history } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1 }));
    expect(history.length).toBe(1);

    const current = await screen.findByRole('link', { current: 'page', name: 'Starters' });
    expect(current).toHaveAttribute('data-testid', 'category');
    expect(screen.getAllByTestId('category').map((link) => link.textContent)).toEqual([
      'Starters',
      'Mains',
      'Pizza & Pasta',
      'Desserts',
      'Drinks',
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Starters' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Soups' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Salads' })).toBeInTheDocument();
    expect(screen.getAllByTestId('menu-item')).toHaveLength(16);
    expect(screen.getByRole('link', { current: 'page', name: 'All Starters' })).toBeInTheDocument();
  });

  it('moves from a category to a section and its dishes through the URL, and Back goes back', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 2, name: 'Starters' });

    await userEvent.click(screen.getByRole('link', { name: 'Pizza & Pasta' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Pizza & Pasta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { current: 'page', name: 'Pizza & Pasta' })).toBeInTheDocument();
    const sections = await screen.findAllByTestId('sub-category');
    expect(sections.map((link) => link.textContent)).toEqual(['Pizza', 'Pasta']);

    await userEvent.click(screen.getByRole('link', { name: 'Pasta' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3, sub_cat_id: 8 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Pasta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { current: 'page', name: 'Pasta' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toContain('Spaghetti Carbonara'));
    expect(cardNames()).toEqual([
      'Spaghetti Carbonara',
      'Penne Arrabbiata',
      'Tagliatelle Bolognese',
      'Trofie al Pesto',
      'Lobster Linguine',
      'Gnocchi alla Sorrentina',
      'Lasagne al Forno',
    ]);

    await act(() => router.history.back());
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3 }));
    expect(await screen.findByRole('link', { current: 'page', name: 'All Pizza & Pasta' })).toBeInTheDocument();
    await act(() => router.history.back());
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Starters' })).toBeInTheDocument();
  });

  it('shows a dish’s picture, name, description, price in dollars and readable tags', async () => {
    renderApp('/?category_id=1&sub_cat_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    const lentils = cardFor('Spiced Lentil Soup');
    expect(lentils).toHaveTextContent('Red lentils, cumin, lemon and fresh coriander');
    expect(lentils).toHaveTextContent('$6.90');
    expect(
      within(lentils)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['Vegan', 'Gluten-free', 'Spicy']);
    // A price the provider sends as text is read by the spec's rule.
    expect(cardFor('Clam Chowder')).toHaveTextContent('$9.50');
    expect(within(lentils).getByRole('button', { name: 'Add Spiced Lentil Soup to cart' })).toHaveAttribute(
      'data-testid',
      'add-to-cart',
    );
  });

  it('shows sold-out dishes greyed out with “Sold out” and no way to add them', async () => {
    renderApp('/?category_id=1&sub_cat_id=3');
    await screen.findByRole('link', { name: 'Korean Fried Cauliflower' });
    const soldOut = cardFor('Korean Fried Cauliflower');
    expect(soldOut).toHaveTextContent('Sold out');
    expect(within(soldOut).queryByRole('button')).not.toBeInTheDocument();
    expect(within(soldOut).queryByTestId('add-to-cart')).not.toBeInTheDocument();
    expect(within(cardFor('Burrata')).getByTestId('add-to-cart')).toBeInTheDocument();
  });

  it('drops search params that are not ids, and opens on the first category instead', async () => {
    const { router } = renderApp('/?category_id=pizza&sub_cat_id=-2&menu_id=1.5&table=0');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Starters' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('table_id')).toBeNull();
  });

  it('treats a category that does not exist like none, and a section of another category like none', async () => {
    const first = renderApp('/?category_id=99&sub_cat_id=7');
    await waitFor(() => expect(first.router.state.location.search).toEqual({ category_id: 1 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Starters' })).toBeInTheDocument();
    first.unmount();

    // Section 7 (Pizza) is not one of Desserts'.
    const second = renderApp('/?category_id=4&sub_cat_id=7');
    await waitFor(() => expect(second.router.state.location.search).toEqual({ category_id: 4 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Desserts' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Tiramisu' })).toBeInTheDocument();
  });

  it('opens a category newer than the list the phone has stored, asking for the list again first', async () => {
    const queryClient = createQueryClient();
    // Stored before the restaurant added Pizza & Pasta, and still fresh: nothing would ask for it again by itself.
    queryClient.setQueryData(
      categoriesQuery().queryKey,
      demoRestaurant.categories.filter((category) => category.id !== 3),
    );
    const { router } = renderApp('/?category_id=3', undefined, { queryClient });
    expect(await screen.findByRole('link', { current: 'page', name: 'Pizza & Pasta' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ category_id: 3 });
  });

  it('can be browsed with the keyboard alone', async () => {
    const { router } = renderApp('/?category_id=1');
    const mains = await screen.findByRole('link', { name: 'Mains' });
    mains.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 2 }));
    const seafood = await screen.findByRole('link', { name: 'Seafood' });
    seafood.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 2, sub_cat_id: 5 }));
    expect(await screen.findByRole('link', { name: 'Fish & Chips' })).toBeInTheDocument();
  });
});
