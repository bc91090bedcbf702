// Every query on the POS screen has a loading skeleton, an error in plain words with Retry, and an empty state.
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { createQueryClient } from '../../../src/api/query-client';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, heldAnswer, fakeWindowScroll } from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);
fakeWindowScroll();

const pizzas = demoRestaurant.menuItems.filter((item) => item.sub_cat_id === 7);

describe('POS loading, error and empty states', () => {
  it('shows placeholders in the shape of the page while the menu loads, then the dishes', async () => {
    const categories = heldAnswer('category', demoRestaurant.categories);
    const menu = heldAnswer('menu', pizzas);
    server.use(categories.handler, menu.handler);
    renderApp('/?category_id=3&sub_cat_id=7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByTestId('menu-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('category')).not.toBeInTheDocument();
    expect(screen.queryByTestId('menu-item')).not.toBeInTheDocument();

    categories.release();
    expect(await screen.findByRole('link', { name: 'Pizza & Pasta', current: 'page' })).toBeInTheDocument();
    expect(screen.getByTestId('menu-loading')).toBeInTheDocument();

    menu.release();
    expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-loading')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('menu-item')).toHaveLength(pizzas.length);
  });

  it('says in plain words why the dishes did not load, and Retry loads them', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/menu`, () => {
        calls += 1;
        return calls === 1 ? providerErrorResponse(409, 'The menu is being updated') : HttpResponse.json(pizzas);
      }),
    );
    renderApp('/?category_id=3&sub_cat_id=7');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load these dishes');
    expect(alert).toHaveTextContent('The menu is being updated');
    expect(screen.queryByTestId('menu-item')).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the menu itself cannot be reached, and Retry brings it', async () => {
    let reachable = false;
    let attempts = 0;
    // The first answer waits until the screen is up and watching the load its route started: a screen that mounts
    // only after that load has already failed starts a load of its own, with retries of its own.
    let screenUp!: () => void;
    const shown = new Promise<void>((resolve) => (screenUp = resolve));
    server.use(
      http.get(`${API}/category`, async () => {
        attempts += 1;
        await shown;
        return reachable ? HttpResponse.json(demoRestaurant.categories) : HttpResponse.error();
      }),
    );
    // Unreachable is transient: the cache retries twice before giving up. Its back-off (seconds) is the library's;
    // here the retries follow at once, so the test waits for the behaviour, not the clock.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
    renderApp('/', undefined, { queryClient });
    await screen.findByTestId('menu-loading');
    screenUp();
    const alert = await screen.findByRole('alert');
    expect(attempts).toBe(3);
    expect(alert).toHaveTextContent('We couldn’t load the menu');
    expect(alert).toHaveTextContent('We can’t reach the restaurant right now. Check your connection and try again.');

    reachable = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Starters', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Roasted Tomato Soup' })).toBeInTheDocument();
  });

  it('keeps the category’s dishes when its sections fail to load, and Retry brings the sections', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/sub-category`, () => {
        calls += 1;
        return calls === 1
          ? providerErrorResponse(404, 'Category 3 has no sections')
          : HttpResponse.json(demoRestaurant.subCategories.filter((sub) => sub.category_id === 3));
      }),
    );
    renderApp('/?category_id=3');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load this category’s sections');
    expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Pasta' })).toBeInTheDocument();
  });

  it('says “No dishes here yet” for a section without dishes', async () => {
    server.use(http.get(`${API}/menu`, () => HttpResponse.json([])));
    renderApp('/?category_id=3&sub_cat_id=7');
    expect(await screen.findByText('No dishes here yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pizza' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-item')).not.toBeInTheDocument();
  });

  it('says “No dishes here yet” when the restaurant has no menu at all', async () => {
    server.use(http.get(`${API}/category`, () => HttpResponse.json([])));
    const { router } = renderApp('/');
    expect(await screen.findByText('No dishes here yet')).toBeInTheDocument();
    expect(screen.queryByTestId('category')).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
  });

  it('keeps showing what it has when a later refresh fails', async () => {
    const { queryClient } = renderApp('/?category_id=3&sub_cat_id=7');
    expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();
    server.use(http.get(`${API}/menu`, () => providerErrorResponse(409, 'The menu is being updated')));
    await queryClient.refetchQueries({ queryKey: ['menu'] });
    await waitFor(() => expect(queryClient.getQueryState(['menu', { sub_cat_id: 7 }, 'en'])?.status).toBe('error'));
    expect(screen.getByRole('link', { name: 'Margherita' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('offline', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('keeps working from what is loaded, says what is missing, and fills it in on reconnecting', async () => {
      renderApp('/?category_id=3&sub_cat_id=7');
      expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();
      act(() => onlineManager.setOnline(false));
      expect(
        await screen.findByText('You’re offline. You can keep browsing what’s already loaded.'),
      ).toBeInTheDocument();

      await userEvent.click(screen.getByRole('link', { name: 'Pasta' }));
      expect(await screen.findByText('These dishes will appear as soon as you’re back online.')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('link', { name: 'Pizza' }));
      expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Add Margherita to cart' }));
      expect(screen.getByTestId('cart-count')).toHaveTextContent('1');

      await userEvent.click(screen.getByRole('link', { name: 'Pasta' }));
      await screen.findByText('These dishes will appear as soon as you’re back online.');
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('link', { name: 'Spaghetti Carbonara' })).toBeInTheDocument();
    });

    it('in a category never loaded, says its sections and a search are not available offline', async () => {
      renderApp('/?category_id=3&sub_cat_id=7');
      expect(await screen.findByRole('link', { name: 'Margherita' })).toBeInTheDocument();
      act(() => onlineManager.setOnline(false));
      await screen.findByText('You’re offline. You can keep browsing what’s already loaded.');

      await userEvent.click(screen.getByRole('link', { name: 'Desserts' }));
      expect(await screen.findByTestId('sections-offline')).toHaveTextContent(
        'This category’s sections aren’t available offline.',
      );
      expect(screen.queryByTestId('sub-category-loading')).not.toBeInTheDocument();

      await userEvent.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'tart');
      expect(await screen.findByText('This part of the menu isn’t on this device')).toBeInTheDocument();
      expect(screen.getByTestId('search-status')).toHaveTextContent('Search isn’t available offline here');
      expect(screen.queryByTestId('menu-loading')).not.toBeInTheDocument();

      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('link', { name: 'Lemon Tart' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
      expect(await screen.findByRole('link', { name: 'Cakes & tarts' })).toBeInTheDocument();
    });
  });
});
