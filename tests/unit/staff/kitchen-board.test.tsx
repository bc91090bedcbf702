// The console's sign-in and kitchen board against the MSW fake: columns, moving on, a stale move, cancel, new orders, expiry.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { boardPolling } from '../../../src/api/staff-queries';
import { renderApp } from '../../support/render-app';
import { column, consoleProvider, fastBoardPolling, openBoardAs as openBoard, place } from './support';

let clock: number | undefined;
const { provider } = consoleProvider({ now: () => new Date(clock ?? Date.now()) });
fastBoardPolling();
beforeEach(() => {
  clock = undefined;
});

const cardOf = (orderID: string) => {
  const card = document.querySelector<HTMLElement>(`[data-order-id="${orderID}"]`);
  if (!card) throw new Error(`No card for ${orderID}`);
  return card;
};

const openBoardAs = (name: 'cook' | 'manager') => openBoard(provider, name);

describe('signing in to the console', { timeout: 15_000 }, () => {
  it('says plainly when the password is wrong, then opens the board; a cook sees no manager screens', async () => {
    const user = userEvent.setup();
    renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Restaurant console' }, { timeout: 8000 });
    await user.type(screen.getByLabelText('Name'), 'cook');
    await user.type(screen.getByLabelText('Password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That name and password do not match');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.type(screen.getByLabelText('Password'), 'cook-password{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Kitchen' });
    expect(screen.getByText('cook (kitchen)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Floor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });
});

describe('the kitchen board', { timeout: 15_000 }, () => {
  it('shows open orders in their columns with table, lines, quantities and notes', async () => {
    const first = await place(5, [
      { menu_id: 33, quantity: 2, note: 'no basil' },
      { menu_id: 47, quantity: 1 },
    ]);
    const second = await place(8, [{ menu_id: 34, quantity: 1 }]);
    provider.advance(second);
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(first));
    expect(within(column('Received')).getByRole('heading', { name: /Table 5/ })).toBeInTheDocument();
    expect(card).toHaveTextContent('2 × Margherita — no basil');
    expect(card).toHaveTextContent('1 × Tiramisu');
    expect(within(column('Preparing')).getByRole('heading', { name: /Table 8/ })).toBeInTheDocument();
    expect(within(column('Ready')).getByText('Nothing here.')).toBeInTheDocument();
  });

  it('moves an order one step with its big button, until served leaves the board for Recently served', async () => {
    const user = userEvent.setup();
    const orderID = await place(7, [{ menu_id: 33, quantity: 1 }]);
    await openBoardAs('cook');
    await waitFor(() => cardOf(orderID));
    for (const [button, next] of [
      ['Start preparing', 'Preparing'],
      ['Ready', 'Ready'],
    ] as const) {
      await user.click(within(cardOf(orderID)).getByRole('button', { name: button }));
      await waitFor(() => expect(within(column(next)).queryByRole('heading', { name: /Table 7/ })).not.toBeNull());
    }
    expect(provider.order(orderID)?.status).toBe('ready');
    await user.click(within(cardOf(orderID)).getByRole('button', { name: 'Served' }));
    await waitFor(() => expect(document.querySelector(`[data-order-id="${orderID}"]`)).toBeNull());
    expect(provider.order(orderID)?.status).toBe('served');
    const served = screen.getByRole('region', { name: 'Recently served' });
    await waitFor(() => expect(served).toHaveTextContent(orderID));
  });

  it('when another tablet moved the order first, says so and shows where it is now, without moving it twice', async () => {
    const user = userEvent.setup();
    boardPolling.ms = 60_000;
    try {
      const orderID = await place(7, [{ menu_id: 33, quantity: 1 }]);
      await openBoardAs('cook');
      await waitFor(() => cardOf(orderID));
      provider.advance(orderID); // the other tablet: received → preparing
      await user.click(within(cardOf(orderID)).getByRole('button', { name: 'Start preparing' }));
      expect(await screen.findByTestId('board-notice')).toHaveTextContent('Someone else moved that order first');
      await waitFor(() =>
        expect(within(column('Preparing')).queryByRole('heading', { name: /Table 7/ })).not.toBeNull(),
      );
      expect(provider.order(orderID)?.status).toBe('preparing');
    } finally {
      boardPolling.ms = 150;
    }
  });

  it('cancels with a reason the guest will see; no reason, no cancel', async () => {
    const user = userEvent.setup();
    const orderID = await place(3, [{ menu_id: 33, quantity: 1 }]);
    await openBoardAs('cook');
    await waitFor(() => cardOf(orderID));
    await user.click(within(cardOf(orderID)).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByTestId('cancel-dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel the order' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of mozzarella');
    await user.click(confirm);
    await waitFor(() => expect(document.querySelector(`[data-order-id="${orderID}"]`)).toBeNull());
    expect(provider.order(orderID)).toMatchObject({ status: 'cancelled', cancel_reason: 'Out of mozzarella' });
  });

  it('shows a new order without a reload, flashing and announced', async () => {
    await openBoardAs('cook');
    const orderID = await place(12, [{ menu_id: 47, quantity: 3 }]);
    // The card is drawn with the answer that brings it, and marked new by the effect that notices it just after.
    const card = await waitFor(
      () => {
        expect(cardOf(orderID)).toHaveClass('order-card--new');
        return cardOf(orderID);
      },
      { timeout: 3000 },
    );
    expect(within(card).getByText('New')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('New order for Terrace 12'));
  });

  it('marks an order past its dishes’ prep time as late, in words and colour', async () => {
    clock = Date.now() - 30 * 60_000;
    const orderID = await place(5, [{ menu_id: 33, quantity: 1 }]); // Margherita: 12 min to prepare
    clock = undefined;
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(orderID));
    await waitFor(() => expect(card).toHaveClass('order-card--late'));
    expect(card).toHaveTextContent('30 min ago · late');
  });

  it('asks to sign in again when the session ends on the server', async () => {
    await openBoardAs('cook');
    provider.staff.expireSessions();
    expect(
      await screen.findByText('Your session has ended. Sign in again to go on.', {}, { timeout: 3000 }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Restaurant console' })).toBeInTheDocument();
  });
});
