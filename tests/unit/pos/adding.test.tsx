// Adding dishes from a card and from the dish dialog: one stored entry per unit, the header badge, the announcement.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { cardFor, fakeProvider, storedCart, fakeWindowScroll } from './support';

const provider = fakeProvider();
setupMsw(...provider.handlers);
fakeWindowScroll();

describe('adding to the cart from the POS screen', () => {
  it('adds one from a card: stored, counted in the header, announced, and shown on the card', async () => {
    renderApp('/?category_id=3&sub_cat_id=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Margherita to cart' }));

    expect(storedCart()).toEqual([
      { id: expect.any(String), menu_id: 33, name: 'Margherita', price: 11.5, image: '/images/dishes/pizza-1.svg' },
    ]);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
    expect(screen.getByTestId('potential-spend')).toHaveTextContent('$11.50');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Added 1 × Margherita'));
    expect(cardFor('Margherita')).toHaveTextContent('1 in cart');
    expect(cardFor('Diavola')).not.toHaveTextContent('in cart');

    await userEvent.click(screen.getByRole('button', { name: 'Add Margherita to cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Diavola to cart' }));
    expect(storedCart().map((entry) => entry.menu_id)).toEqual([33, 33, 34]);
    expect(new Set(storedCart().map((entry) => entry.id)).size).toBe(3);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(screen.getByTestId('potential-spend')).toHaveTextContent('$37.50');
    expect(cardFor('Margherita')).toHaveTextContent('2 in cart');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Added 1 × Diavola'));
  });

  it('adds a price given as text as the provider sent it; the figures read it by the price rule', async () => {
    renderApp('/?category_id=1&sub_cat_id=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Burrata to cart' }));
    expect(storedCart()[0]).toMatchObject({ menu_id: 13, price: '$12.50' });
    expect(screen.getByTestId('potential-spend')).toHaveTextContent('$12.50');
  });

  it('adds from the dialog with a quantity and a note, then closes it and gives focus back to the dish', async () => {
    const { router } = renderApp('/?category_id=3&sub_cat_id=7');
    const link = await screen.findByRole('link', { name: 'Diavola' });
    await userEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Diavola' });
    expect(router.state.location.search).toEqual({ category_id: 3, sub_cat_id: 7, menu_id: 34 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'One more' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'One more' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'One fewer' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Note for the kitchen (optional)' }),
      '  no chilli oil  ',
    );
    const add = within(dialog).getByTestId('add-to-cart');
    expect(add).toHaveTextContent('Add 2 to cart · $29.00');
    await userEvent.click(add);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.search).toEqual({ category_id: 3, sub_cat_id: 7 }));
    expect(storedCart()).toEqual([
      {
        id: expect.any(String),
        menu_id: 34,
        name: 'Diavola',
        price: 14.5,
        image: '/images/dishes/pizza-2.svg',
        note: 'no chilli oil',
      },
      {
        id: expect.any(String),
        menu_id: 34,
        name: 'Diavola',
        price: 14.5,
        image: '/images/dishes/pizza-2.svg',
        note: 'no chilli oil',
      },
    ]);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    expect(screen.getByTestId('potential-spend')).toHaveTextContent('$29.00');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Added 2 × Diavola'));
    expect(screen.getByRole('link', { name: 'Diavola' })).toHaveFocus();
  });

  it('keeps the quantity between 1 and 20, whether stepped or typed', async () => {
    renderApp('/?category_id=3&sub_cat_id=7&menu_id=33');
    const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    const fewer = within(dialog).getByRole('button', { name: 'One fewer' });
    expect(fewer).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(fewer);
    expect(quantity).toHaveValue(1);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '35');
    await userEvent.tab();
    expect(quantity).toHaveValue(20);
    expect(within(dialog).getByRole('button', { name: 'One more' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByTestId('add-to-cart')).toHaveTextContent('Add 20 to cart · $230.00');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storedCart()).toHaveLength(4);
    expect(storedCart().every((entry) => !('note' in entry))).toBe(true);
  });

  it('shows in the box what will be added, and says why when it differs from what was typed', async () => {
    renderApp('/?category_id=3&sub_cat_id=7&menu_id=33');
    const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    const add = within(dialog).getByTestId('add-to-cart');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '25');
    // Before the box loses focus: it never holds a number other than the one on the button.
    expect(quantity).toHaveValue(20);
    expect(add).toHaveTextContent('Add 20 to cart');
    expect(quantity).toHaveAccessibleDescription(
      'At most 20 at a time: that is as many as one line of an order holds.',
    );

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    expect(quantity).toHaveValue(1);
    expect(add).toHaveTextContent('Add 1 to cart');
    expect(quantity).toHaveAccessibleDescription('At least 1.');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '7');
    expect(quantity).toHaveValue(7);
    expect(quantity).not.toHaveAccessibleDescription();
    expect(add).toHaveTextContent('Add 7 to cart');
  });

  it('takes whole numbers only: a fraction typed in the box becomes the whole number on the button', async () => {
    renderApp('/?category_id=3&sub_cat_id=7&menu_id=33');
    const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    const add = within(dialog).getByTestId('add-to-cart');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2.5');
    expect(add).toHaveTextContent('Add 2 to cart');
    await userEvent.tab();
    expect(quantity).toHaveValue(2);
    expect(quantity).toHaveDisplayValue('2');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3.9');
    expect(quantity).toHaveDisplayValue('3');
    expect(add).toHaveTextContent('Add 3 to cart');
    // Far past the limit: the box shows 20 and says why, as the button does.
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '99999');
    expect(quantity).toHaveDisplayValue('20');
    expect(add).toHaveTextContent('Add 20 to cart');
    expect(quantity).toHaveAccessibleDescription(
      'At most 20 at a time: that is as many as one line of an order holds.',
    );
  });

  it('limits the note to 200 characters', async () => {
    renderApp('/?category_id=3&sub_cat_id=7&menu_id=33');
    const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
    const note = within(dialog).getByRole('textbox', { name: 'Note for the kitchen (optional)' });
    expect(note).toHaveAttribute('maxLength', '200');
    expect(note).toHaveAccessibleDescription('0 of 200 characters');
    await userEvent.type(note, 'no basil');
    expect(note).toHaveAccessibleDescription('8 of 200 characters');
  });

  it('offers no way to add a sold-out dish from its dialog', async () => {
    renderApp('/?category_id=2&sub_cat_id=5&menu_id=26');
    const dialog = await screen.findByRole('dialog', { name: 'Grilled Sea Bass' });
    expect(dialog).toHaveTextContent('Sold out right now');
    expect(within(dialog).queryByTestId('add-to-cart')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('shows a View cart link with the count and total once the cart has something', async () => {
    const { router } = renderApp('/?category_id=3&sub_cat_id=7');
    await screen.findByRole('link', { name: 'Margherita' });
    expect(screen.queryByTestId('view-cart')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Margherita to cart' }));
    const viewCart = screen.getByRole('link', { name: 'View cart, 1 item, $11.50' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Diavola to cart' }));
    expect(viewCart).toHaveAccessibleName('View cart, 2 items, $26.00');
    await userEvent.click(viewCart);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });
});
