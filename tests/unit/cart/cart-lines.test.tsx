// The cart as the guest sees it: lines grouped by dish and note, their prices, one fewer / one more / Remove, the note, an empty cart.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { burrata, cartLines, diavola, fakeProvider, lineFor, margherita, seedCart, times } from './support';

const provider = fakeProvider();
setupMsw(...provider.handlers);

interface Stored {
  id: string;
  menu_id: number;
  note?: string;
}

function stored(): Stored[] {
  return JSON.parse(localStorage.getItem('order_items') ?? '[]') as Stored[];
}

describe('cart lines', () => {
  it('groups entries of the same dish and note into one line with a count, prices and total', async () => {
    seedCart(margherita, diavola, margherita, { ...margherita, note: 'no basil' }, burrata, margherita);
    renderApp('/cart');

    await screen.findByRole('heading', { name: 'Your cart' });
    expect(cartLines()).toHaveLength(4);
    expect(cartLines().map((line) => within(line).getByRole('heading').textContent)).toEqual([
      'Margherita',
      'Diavola',
      'Margherita',
      'Burrata',
    ]);

    const [plain, , withNote] = cartLines();
    expect(within(plain!).getByTestId('line-quantity')).toHaveTextContent('3');
    expect(plain).toHaveTextContent('$11.50 each');
    expect(within(plain!).getByTestId('line-total')).toHaveTextContent('$34.50');
    expect(plain!.querySelector('img')).toHaveAttribute('src', '/images/dishes/pizza-1.svg');
    expect(within(withNote!).getByTestId('line-quantity')).toHaveTextContent('1');
    expect(withNote).toHaveTextContent('“no basil”');
    expect(within(withNote!).getByRole('button', { name: 'One more Margherita (no basil)' })).toBeInTheDocument();
    // A price stored as text is read by the spec's rule, in the line and in the subtotal.
    expect(within(lineFor('Burrata')).getByTestId('line-total')).toHaveTextContent('$12.50');

    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$73.00');
    expect(screen.getByText('(6 items)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('6');
    expect(screen.getByTestId('place-order')).toHaveTextContent('Place order · $73.00');
  });

  it('+ adds one entry like the line’s, − takes one out, and − stops at one', async () => {
    seedCart(margherita, { ...diavola, note: 'extra chilli' }, { ...diavola, note: 'extra chilli' });
    renderApp('/cart');
    const line = await screen.findByRole('group', { name: 'Quantity of Diavola (extra chilli)' });

    await userEvent.click(within(line).getByRole('button', { name: 'One more Diavola (extra chilli)' }));
    expect(within(line).getByText('3')).toBeInTheDocument();
    expect(stored().filter((entry) => entry.menu_id === 34)).toEqual(
      times(3, { id: expect.any(String), ...diavola, note: 'extra chilli' }),
    );
    expect(new Set(stored().map((entry) => entry.id)).size).toBe(4);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$55.00');

    await userEvent.click(within(line).getByRole('button', { name: 'One fewer Diavola (extra chilli)' }));
    await userEvent.click(within(line).getByRole('button', { name: 'One fewer Diavola (extra chilli)' }));
    expect(stored().filter((entry) => entry.menu_id === 34)).toHaveLength(1);
    const fewer = within(line).getByRole('button', { name: 'One fewer Diavola (extra chilli)' });
    expect(fewer).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(fewer);
    expect(stored().filter((entry) => entry.menu_id === 34)).toHaveLength(1);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });

  it('Remove takes out the whole line, says so, and keeps the keyboard in the list', async () => {
    seedCart(margherita, margherita, diavola);
    renderApp('/cart');
    const remove = within(
      await screen.findByRole('group', { name: 'Quantity of Margherita' }).then(() => lineFor('Margherita')),
    ).getByTestId('line-remove');
    expect(remove).toHaveAccessibleName('Remove Margherita');
    await userEvent.click(remove);

    expect(stored().map((entry) => entry.menu_id)).toEqual([34]);
    expect(cartLines()).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent('Removed Margherita from your cart'),
    );
    expect(within(lineFor('Diavola')).getByTestId('line-remove')).toHaveFocus();

    await userEvent.click(within(lineFor('Diavola')).getByTestId('line-remove'));
    expect(stored()).toEqual([]);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your cart' })).toHaveFocus();
  });

  it('keeps the order note on the device, up to 500 characters', async () => {
    seedCart(margherita);
    const first = renderApp('/cart');
    const note = await screen.findByTestId('order-note');
    expect(note).toHaveAccessibleName('Note for the restaurant (optional)');
    expect(note).toHaveAttribute('maxLength', '500');
    await userEvent.type(note, 'Birthday at this table');
    expect(note).toHaveAccessibleDescription('22 of 500 characters');
    expect(localStorage.getItem('order_note')).toBe('Birthday at this table');
    first.unmount();

    renderApp('/cart');
    expect(await screen.findByTestId('order-note')).toHaveValue('Birthday at this table');
  });

  it('says what it cannot read, shows the rest, and never counts it as a line', async () => {
    seedCart(margherita, 'legacy entry', { price: 3 });
    renderApp('/cart');
    await screen.findByRole('heading', { name: 'Your cart' });
    expect(cartLines()).toHaveLength(1);
    expect(screen.getByText(/2 entries in this device’s cart could not be read/)).toBeInTheDocument();
  });

  it('an empty cart says so and leads back to the menu', async () => {
    const { router } = renderApp('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByTestId('place-order')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse the menu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
