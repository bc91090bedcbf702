// The search box: filters dishes by name and description as the guest types, says how many match, and clears.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';
import { PAGE_SIZE } from '../../../src/ui/pos/menu-list';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, cardNames, fakeProvider, fakeWindowScroll } from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);
fakeWindowScroll();

describe('menu search', () => {
  it('finds dishes across the whole menu by name or description, ignoring case and accents', async () => {
    renderApp('/?category_id=1&sub_cat_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    const box = screen.getByRole('searchbox', { name: 'Search the menu' });
    expect(box).toHaveAttribute('data-testid', 'menu-search');

    await userEvent.type(box, 'BURGER');
    await waitFor(() => expect(cardNames()).toEqual(['Amber Burger', 'Double Smash Burger', 'Halloumi Burger']));
    expect(screen.getByTestId('search-status')).toHaveTextContent('3 dishes match “BURGER” on the menu');
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent('3 dishes match “BURGER” on the menu'),
    );
    // The category's sections are not what is shown while searching.
    expect(screen.queryByTestId('sub-category')).not.toBeInTheDocument();

    await userEvent.clear(box);
    // "Gruyère" in the French Onion Soup's description, typed without its accent; every word must match.
    await userEvent.type(box, 'gruyere onion');
    await waitFor(() => expect(cardNames()).toEqual(['French Onion Soup']));
    expect(screen.getByTestId('search-status')).toHaveTextContent('1 dish matches “gruyere onion” on the menu');
  });

  it('clears with its button, back to the section and with focus in the box', async () => {
    renderApp('/?category_id=1&sub_cat_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    const box = screen.getByRole('searchbox', { name: 'Search the menu' });
    await userEvent.type(box, 'tiramisu');
    await waitFor(() => expect(cardNames()).toEqual(['Tiramisu']));

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(await screen.findByRole('heading', { level: 2, name: 'Soups' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Roasted Tomato Soup', 'French Onion Soup', 'Spiced Lentil Soup', 'Clam Chowder']);
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, with a way back', async () => {
    renderApp('/?category_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'sushi');
    const nothing = (await screen.findByText('Nothing matches your search')).parentElement!;
    expect(screen.getByTestId('search-status')).toHaveTextContent('No dishes match “sushi” on the menu');
    await userEvent.click(within(nothing).getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: 'Clam Chowder' })).toBeInTheDocument();
  });

  it('finds dishes by the name of their section or category, and by their tags', async () => {
    renderApp('/?category_id=1&sub_cat_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    const box = screen.getByRole('searchbox', { name: 'Search the menu' });
    const search = async (text: string) => {
      await userEvent.clear(box);
      await userEvent.paste(text);
    };
    const inPlace = (field: 'sub_cat_id' | 'cat_id', id: number) =>
      demoRestaurant.menuItems.filter((item) => item[field] === id).map((item) => item.name);

    await search('soups');
    await waitFor(() => expect(cardNames()).toEqual(inPlace('sub_cat_id', 1)));
    await search('coffee');
    await waitFor(() => expect(cardNames()).toEqual(expect.arrayContaining(inPlace('sub_cat_id', 12))));
    // "Pizza & Pasta" is one category: "pizza" finds the pizzas, never the pasta that shares it.
    await search('pizza');
    await waitFor(() => expect(cardNames()).toEqual(expect.arrayContaining(inPlace('sub_cat_id', 7))));
    for (const pasta of inPlace('sub_cat_id', 8)) expect(cardNames()).not.toContain(pasta);
    // A category's name still finds its dishes when nothing more precise does.
    await search('desserts');
    await waitFor(() => expect(cardNames()).toEqual(expect.arrayContaining(inPlace('cat_id', 4))));
    await search('vegan');
    const vegan = demoRestaurant.menuItems.filter((item) =>
      [item.name, item.description, ...item.tags].join(' ').toLowerCase().includes('vegan'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('search-status')).toHaveTextContent(`${vegan.length} dishes match “vegan” on the menu`),
    );
    // Tagged vegan, without the word in its name or description.
    expect(cardNames()).toContain('Roasted Tomato Soup');
    await search('gluten');
    await waitFor(() => expect(cardNames()).toContain('Spiced Lentil Soup'));
  });

  it('does not advise checking the spelling of a category the section on screen cannot show', async () => {
    server.use(
      http.get(`${API}/menu`, ({ request }) => {
        // Only the whole menu cannot be had; a category or a section can.
        const params = new URL(request.url).searchParams;
        if (!params.has('sub_cat_id') && !params.has('cat_id')) return HttpResponse.error();
        return undefined;
      }),
    );
    const { router } = renderApp('/?category_id=3&sub_cat_id=7');
    await screen.findByRole('link', { name: 'Margherita' });
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search the menu' }));
    await userEvent.paste('desserts');
    const nothing = (await screen.findByText('Nothing matches your search')).parentElement!;
    expect(nothing).not.toHaveTextContent('spelling');
    expect(nothing).toHaveTextContent('“Desserts” is a part of the menu');
    await userEvent.click(within(nothing).getByRole('link', { name: 'show Desserts' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 4 }));
    expect(await screen.findByRole('link', { name: 'Tiramisu' })).toBeInTheDocument();
  });

  it('searches the section on screen while the whole menu cannot be had', async () => {
    server.use(
      http.get(`${API}/menu`, ({ request }) => {
        const subCategory = new URL(request.url).searchParams.get('sub_cat_id');
        if (subCategory === null) return HttpResponse.error();
        return HttpResponse.json(demoRestaurant.menuItems.filter((item) => item.sub_cat_id === Number(subCategory)));
      }),
    );
    renderApp('/?category_id=3&sub_cat_id=7');
    await screen.findByRole('link', { name: 'Margherita' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'mozzarella');
    await waitFor(() => expect(cardNames()).toEqual(['Diavola', 'Quattro Formaggi', 'Funghi', 'Capricciosa']));
    expect(screen.getByTestId('search-status')).toHaveTextContent('4 dishes match “mozzarella” in Pizza');
  });

  it('draws a long list of results a page at a time', async () => {
    renderApp('/?category_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    // "a" is in nearly every dish.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'a');
    const more = await screen.findByRole('button', { name: /^Show more dishes/ });
    // Names, descriptions and tags, and the names of each dish's section and category.
    const placeNames = (item: (typeof demoRestaurant.menuItems)[number]) => [
      demoRestaurant.subCategories.find((section) => section.id === item.sub_cat_id)?.name,
      demoRestaurant.categories.find((category) => category.id === item.cat_id)?.name,
    ];
    const total = demoRestaurant.menuItems.filter((item) =>
      [item.name, item.description, ...item.tags, ...placeNames(item)].join(' ').toLowerCase().includes('a'),
    ).length;
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
    expect(screen.getAllByTestId('menu-item')).toHaveLength(PAGE_SIZE);
    expect(more).toHaveTextContent(`Show more dishes (${total - PAGE_SIZE} more)`);
    await userEvent.click(more);
    expect(screen.getAllByTestId('menu-item')).toHaveLength(2 * PAGE_SIZE);
    // Focus goes to the first of the newly drawn dishes, so keyboard users carry on where they were.
    expect(within(screen.getAllByTestId('menu-item')[PAGE_SIZE]!).getByRole('link')).toHaveFocus();
    while (screen.queryByRole('button', { name: /^Show more dishes/ }))
      await userEvent.click(screen.getByRole('button', { name: /^Show more dishes/ }));
    expect(screen.getAllByTestId('menu-item')).toHaveLength(total);
  });

  it('leaves search for the chosen category when the guest picks one', async () => {
    const { router } = renderApp('/?category_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    const box = screen.getByRole('searchbox', { name: 'Search the menu' });
    await userEvent.type(box, 'soup');
    await waitFor(() => expect(cardNames()).toContain('French Onion Soup'));
    await userEvent.click(screen.getByRole('link', { name: 'Desserts' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 4 }));
    expect(box).toHaveValue('');
    expect(await screen.findByRole('link', { name: 'Tiramisu' })).toBeInTheDocument();
  });
});
