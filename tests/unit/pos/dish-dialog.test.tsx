// The dish dialog: opened by its link or a deep link, labelled, focus in and back out, closed by Escape, Close, the backdrop or Back.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, fakeWindowScroll } from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);
const page = fakeWindowScroll();

describe('dish dialog', () => {
  it('opens from the dish’s link with its details, focus on its title, and keeps the URL shareable', async () => {
    const { router, history } = renderApp('/?category_id=2&sub_cat_id=4');
    const link = await screen.findByRole('link', { name: 'Ribeye Steak 300 g' });
    expect(link).toHaveAttribute('href', '/?category_id=2&sub_cat_id=4&menu_id=17');
    await userEvent.click(link);

    const dialog = await screen.findByRole('dialog', { name: 'Ribeye Steak 300 g' });
    expect(dialog).toHaveAttribute('data-testid', 'menu-item-dialog');
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Ribeye Steak 300 g' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Dry-aged ribeye, peppercorn sauce and hand-cut chips');
    expect(dialog).toHaveTextContent('$29.50');
    expect(dialog).toHaveTextContent('Ready in about 22 min');
    expect(within(dialog).getByText('Gluten-free')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ category_id: 2, sub_cat_id: 4, menu_id: 17 });
    expect(history.length).toBe(2);
  });

  it('closes on Escape, takes menu_id out of the URL and gives focus back to the dish', async () => {
    const { router } = renderApp('/?category_id=2&sub_cat_id=4');
    await userEvent.click(await screen.findByRole('link', { name: 'Amber Burger' }));
    await screen.findByRole('dialog', { name: 'Amber Burger' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 2, sub_cat_id: 4 }));
    expect(screen.getByRole('link', { name: 'Amber Burger' })).toHaveFocus();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
  });

  it('closes with Close, Cancel and a tap on the backdrop, adding nothing', async () => {
    renderApp('/?category_id=2&sub_cat_id=4');
    for (const close of ['Close', 'Cancel', 'backdrop']) {
      await userEvent.click(await screen.findByRole('link', { name: 'Lamb Chops' }));
      const dialog = await screen.findByRole('dialog', { name: 'Lamb Chops' });
      await userEvent.click(close === 'backdrop' ? dialog : within(dialog).getByRole('button', { name: close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('link', { name: 'Lamb Chops' })).toHaveFocus();
    }
    expect(localStorage.getItem('order_items')).toBeNull();
  });

  it('leaves the list where it was, whether the dish closes by Escape or by Back', async () => {
    const { router } = renderApp('/?category_id=3');
    const lasagne = await screen.findByRole('link', { name: 'Lasagne al Forno' });
    window.scrollTo({ top: 900, left: 0 });
    await userEvent.click(lasagne);
    await screen.findByRole('dialog', { name: 'Lasagne al Forno' });
    expect(page.y).toBe(900);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3 }));
    // The router scrolls to the top on Back and Forward; the screen puts the list back.
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(page.y).toBe(900);

    await userEvent.click(lasagne);
    await screen.findByRole('dialog');
    await act(() => router.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.y).toBe(900);

    // Moving to another category is a new page of the menu: that starts at the top.
    await userEvent.click(screen.getByRole('link', { name: 'Desserts' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 4 }));
    await waitFor(() => expect(page.y).toBe(0));
  });

  it('is closed by the browser’s Back and opened again by Forward', async () => {
    const { router } = renderApp('/?category_id=2&sub_cat_id=4');
    await userEvent.click(await screen.findByRole('link', { name: 'Lamb Chops' }));
    await screen.findByRole('dialog', { name: 'Lamb Chops' });
    await act(() => router.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(() => router.history.forward());
    expect(await screen.findByRole('dialog', { name: 'Lamb Chops' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 2, sub_cat_id: 4 }));
    expect(router.history.length).toBe(2);
  });

  it('opens straight from a deep link; closing leaves no history entry and focuses the dish in the list', async () => {
    const { router, history } = renderApp('/?category_id=3&sub_cat_id=8&menu_id=43');
    const dialog = await screen.findByRole('dialog', { name: 'Trofie al Pesto' });
    expect(within(dialog).getByText('Contains nuts')).toBeInTheDocument();
    // The list behind is there too, so closing has somewhere to put focus.
    await screen.findByRole('link', { name: 'Trofie al Pesto' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3, sub_cat_id: 8 }));
    expect(history.length).toBe(1);
    expect(screen.getByRole('link', { name: 'Trofie al Pesto' })).toHaveFocus();
  });

  it('opens from a deep link before its data arrives, with a loading state', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`${API}/menu`, async ({ request }) => {
        const menuId = new URL(request.url).searchParams.get('menu_id');
        if (menuId === null) return HttpResponse.json([]);
        await released;
        return HttpResponse.json(demoRestaurant.menuItems.filter((item) => item.id === Number(menuId)));
      }),
    );
    renderApp('/?category_id=5&menu_id=66');
    const dialog = await screen.findByRole('dialog', { name: 'Loading the dish…' });
    const title = within(dialog).getByRole('heading', { level: 2 });
    expect(title).toHaveFocus();
    release();
    expect(await screen.findByRole('dialog', { name: 'Matcha Latte' })).toBeInTheDocument();
    // The same heading, so focus did not fall out of the dialog when the dish arrived.
    expect(title).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    // The dish is not listed (this section is empty here), so focus goes to the page's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Menu' })).toHaveFocus());
  });

  it('says “We couldn’t find that dish” for an unknown menu_id, without breaking the page', async () => {
    const { router } = renderApp('/?category_id=1&menu_id=4242');
    const dialog = await screen.findByRole('dialog', { name: 'We couldn’t find that dish' });
    expect(dialog).toHaveTextContent('It may have been taken off the menu.');
    expect(within(dialog).queryByTestId('add-to-cart')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the menu' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1 }));
    expect(await screen.findByRole('link', { name: 'Roasted Tomato Soup' })).toBeInTheDocument();
  });

  it('says why a dish did not load, and Retry loads it', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/menu`, ({ request }) => {
        const menuId = new URL(request.url).searchParams.get('menu_id');
        if (menuId === null) return HttpResponse.json([]);
        calls += 1;
        return calls === 1
          ? providerErrorResponse(401, 'Missing token')
          : HttpResponse.json(demoRestaurant.menuItems.filter((item) => item.id === Number(menuId)));
      }),
    );
    renderApp('/?category_id=5&menu_id=62');
    const dialog = await screen.findByRole('dialog', { name: 'We couldn’t load this dish' });
    // A refused token is the app's set-up, not the guest's doing: said so, with Retry.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This app is not set up to talk to the restaurant.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Espresso' })).toBeInTheDocument();
  });

  it('opens a dish’s link without a category over the dish’s own category, and closing leaves the guest there', async () => {
    const { router, history } = renderApp('/?menu_id=40');
    expect(await screen.findByRole('dialog', { name: 'Spaghetti Carbonara' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3, menu_id: 40 }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3 }));
    expect(await screen.findByRole('link', { name: 'Spaghetti Carbonara' })).toHaveFocus();
    const categories = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(categories).getByRole('link', { name: 'Pizza & Pasta' })).toHaveAttribute('aria-current', 'page');
    expect(history.length).toBe(1);
  });

  it('opens an unknown dish’s link without a category over the first category', async () => {
    const { router } = renderApp('/?menu_id=4242');
    expect(await screen.findByRole('dialog', { name: 'We couldn’t find that dish' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 1, menu_id: 4242 }));
  });
});
