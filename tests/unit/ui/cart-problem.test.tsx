// When the device will not keep the cart, the guest is told so in plain words, and the cart shows what is really stored.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeProvider } from '../../msw/provider-handlers';
import { setupMsw } from '../../support/msw-server';
import { renderApp } from '../../support/render-app';

setupMsw(...createFakeProvider({ origin: 'http://localhost:3000' }).handlers);

async function addFirstDish() {
  const card = (await screen.findAllByTestId('menu-item'))[0]!;
  await userEvent.click(within(card).getByTestId('add-to-cart'));
}

describe('cart storage problems', () => {
  it('a full device: the guest is told, and the badge keeps what was saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/');
    await addFirstDish();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
    expect(screen.queryByTestId('cart-problem')).not.toBeInTheDocument();

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await addFirstDish();
    expect(await screen.findByRole('alert')).toHaveTextContent('This device’s storage is full');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');

    vi.mocked(Storage.prototype.setItem).mockRestore();
    await addFirstDish();
    expect(screen.queryByTestId('cart-problem')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });

  it('an unreadable stored cart: a new one is started, and the guest is told the old one is kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('order_items', '[{"price": 3},');
    renderApp('/');
    await addFirstDish();
    expect(await screen.findByTestId('cart-problem')).toHaveTextContent('couldn’t be read, so a new one was started');
    expect(localStorage.getItem('order_items.unreadable')).toBe('[{"price": 3},');
  });
});
