// The console's sign-in and kitchen rail against the MSW fake: stations and expo, bump keys, recall, allergies,
// add-ons and voids, sounds, a lost provider, and the step-by-step board a provider without stations still gets.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boardPolling } from '../../../src/api/staff-queries';
import { statusAfterLinesDone } from '../../../src/domain/kitchen';
import { SOUND_EVENT } from '../../../src/ui/staff/chime';
import { connectionAlarm } from '../../../src/ui/staff/connection-bar';
import { renderApp } from '../../support/render-app';
import {
  addLine,
  API,
  consoleProvider,
  fastBoardPolling,
  openBoardAs as openBoard,
  place,
  placeOrder,
} from './support';

let clock: number | undefined;
const { provider, server } = consoleProvider({ now: () => new Date(clock ?? Date.now()) });
fastBoardPolling();
beforeEach(() => {
  clock = undefined;
});

const PIZZA = 33; // kitchen; declares gluten and milk
const TIRAMISU = 47; // kitchen
const COLA = 58; // bar

/** Another tablet at `station` bumps the order's ticket there. */
function bumpAt(orderID: string, station: string) {
  const stored = provider.state.orders.find((order) => order.orderID === orderID);
  if (!stored) throw new Error(`No order ${orderID}`);
  for (const line of stored.lines) if (line.station === station) line.doneAt ??= new Date();
  stored.status = statusAfterLinesDone(
    stored.status,
    stored.lines.every((line) => line.doneAt !== null),
  );
  stored.updatedAt = new Date();
}

const cardOf = (orderID: string) => {
  const card = document.querySelector<HTMLElement>(`[data-order-id="${orderID}"]`);
  if (!card) throw new Error(`No card for ${orderID}`);
  return card;
};
const gone = (orderID: string) => expect(document.querySelector(`[data-order-id="${orderID}"]`)).toBeNull();

const openBoardAs = (name: 'cook' | 'manager', path = '/staff') => {
  if (path === '/staff') return openBoard(provider, name);
  provider.staff.signInBrowser(name);
  return renderApp(path);
};

/** Every console sound asked for during the test, by name. */
const sounds: string[] = [];
const onSound = (event: Event) => sounds.push(String((event as CustomEvent).detail));
beforeEach(() => {
  sounds.length = 0;
  window.addEventListener(SOUND_EVENT, onSound);
});
afterEach(() => window.removeEventListener(SOUND_EVENT, onSound));

describe('signing in to the console', () => {
  it('says plainly when the password is wrong, then opens the board; a cook sees no manager screens', async () => {
    const user = userEvent.setup();
    renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Restaurant console' });
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

describe('the kitchen rail', () => {
  it('shows the kitchen’s tickets oldest first, only its lines, with also-at, all-day counts and the keys', async () => {
    const first = await place(5, [
      { menu_id: PIZZA, quantity: 2, note: 'no basil' },
      { menu_id: COLA, quantity: 1 },
    ]);
    const second = await place(8, [{ menu_id: PIZZA, quantity: 1 }]);
    const drinksOnly = await place(9, [{ menu_id: COLA, quantity: 3 }]);
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(first));
    expect(card).toHaveTextContent('2 × Margherita — no basil');
    expect(card).toHaveTextContent('contains: gluten, milk');
    expect(card).not.toHaveTextContent('Cola');
    expect(card).toHaveTextContent('also at: bar');
    gone(drinksOnly);
    const tickets = [...document.querySelectorAll('[data-testid="order-card"]')].map((t) =>
      t.getAttribute('data-order-id'),
    );
    expect(tickets).toEqual([first, second]);
    expect(screen.getByTestId('all-day')).toHaveTextContent('3 Margherita');
    expect(screen.getByText(/pick a ticket/)).toHaveTextContent(
      'Keys: 1–9 pick a ticket · Enter or Space bump · R recall',
    );
    expect(screen.getByTestId('rail-count')).toHaveTextContent('Tickets 1–2 of 2');

    // The bar's screen: only its lines.
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'bar' }));
    await waitFor(() => expect(cardOf(drinksOnly)).toHaveTextContent('3 × Cola'));
    expect(cardOf(first)).toHaveTextContent('1 × Cola');
    expect(cardOf(first)).not.toHaveTextContent('Margherita');
    expect(cardOf(first)).toHaveTextContent('also at: kitchen');
    expect(screen.getByTestId('all-day')).toHaveTextContent('4 Cola');
  });

  it('bumps by keys (a number picks, Enter bumps) and R recalls the last bumped', async () => {
    const user = userEvent.setup();
    const first = await place(5, [{ menu_id: PIZZA, quantity: 1 }]);
    const second = await place(8, [{ menu_id: TIRAMISU, quantity: 1 }]);
    await openBoardAs('cook');
    await waitFor(() => cardOf(second));
    await user.keyboard('2');
    expect(cardOf(second)).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => gone(second));
    expect(provider.order(second)?.status).toBe('ready');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('done at kitchen'));

    await user.keyboard('r');
    await waitFor(() => expect(cardOf(second)).toBeInTheDocument());
    expect(provider.order(second)?.status).toBe('preparing');
    expect(screen.getByTestId('board-notice')).toHaveTextContent('Recalled');
    // Nothing left to recall now: said, not thrown.
    await user.keyboard('r');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Nothing bumped'));

    await user.keyboard('1 ');
    await waitFor(() => gone(first));
    expect(provider.order(first)?.status).toBe('ready');
  });

  it('an allergy shouts in words and must be acknowledged before the ticket can be bumped', async () => {
    const user = userEvent.setup();
    const placed = await placeOrder(4, [{ menu_id: PIZZA, quantity: 1 }], { allergies: ['peanuts', 'milk'] });
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(placed.orderID));
    expect(within(card).getByTestId('allergy-banner')).toHaveTextContent('ALLERGY: peanuts, milk');
    const bump = within(card).getByRole('button', { name: 'Bump' });
    expect(bump).toBeDisabled();
    await user.keyboard('1{Enter}');
    expect(await screen.findByTestId('board-notice')).toHaveTextContent('acknowledge it before bumping');
    expect(provider.order(placed.orderID)?.status).toBe('received');
    await user.click(within(card).getByRole('button', { name: 'Acknowledge allergy' }));
    expect(within(card).getByTestId('allergy-banner')).toHaveTextContent('acknowledged');
    await user.click(bump);
    await waitFor(() => gone(placed.orderID));
  });

  it('an acknowledgement is the provider’s record: another screen (or a reload) does not ask again, and says when', async () => {
    const user = userEvent.setup();
    const placed = await placeOrder(4, [{ menu_id: PIZZA, quantity: 1 }], { allergies: ['peanuts'] });
    const first = await openBoardAs('cook');
    const card = await waitFor(() => cardOf(placed.orderID));
    await user.click(within(card).getByRole('button', { name: 'Acknowledge allergy' }));
    const recorded = () =>
      provider.state.orders.find((order) => order.orderID === placed.orderID)?.allergiesAcknowledged;
    await waitFor(() => expect(recorded()).toMatchObject({ by: 'cook' }));
    const at = recorded()?.at ?? new Date(0);
    const hhmm = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
    await waitFor(() => expect(within(card).getByTestId('allergy-banner')).toHaveTextContent(`acknowledged ${hhmm}`));
    first.unmount();

    await openBoardAs('manager');
    const again = await waitFor(() => cardOf(placed.orderID));
    expect(within(again).getByTestId('allergy-banner')).toHaveTextContent(`ALLERGY: peanuts✓ acknowledged ${hhmm}`);
    expect(within(again).queryByRole('button', { name: 'Acknowledge allergy' })).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Bump' }));
    await waitFor(() => gone(placed.orderID));
  });

  it('an acknowledgement the provider could not record holds on this screen, and says the others still ask', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/staff/orders/:orderID/allergies/acknowledge`, () =>
        HttpResponse.json(
          { error: { code: 'unavailable', message: 'The database is not answering' } },
          { status: 503 },
        ),
      ),
    );
    const placed = await placeOrder(4, [{ menu_id: PIZZA, quantity: 1 }], { allergies: ['peanuts'] });
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(placed.orderID));
    await user.click(within(card).getByRole('button', { name: 'Acknowledge allergy' }));
    expect(await screen.findByTestId('board-notice')).toHaveTextContent(
      'Allergy acknowledged on this screen only: The database is not answering. Other screens still ask.',
    );
    expect(within(card).getByTestId('allergy-banner')).toHaveTextContent(/acknowledged$/);
    expect(
      provider.state.orders.find((order) => order.orderID === placed.orderID)?.allergiesAcknowledged,
    ).toBeUndefined();
    await user.click(within(card).getByRole('button', { name: 'Bump' }));
    await waitFor(() => gone(placed.orderID));
  });

  it('keeps the keyboard on the rail: acknowledging lands on Bump, and a bump moves on to the next ticket', async () => {
    const user = userEvent.setup();
    const placed = await placeOrder(4, [{ menu_id: PIZZA, quantity: 1 }], { allergies: ['peanuts'] });
    const second = await place(5, [{ menu_id: TIRAMISU, quantity: 1 }]);
    await openBoardAs('cook');
    await waitFor(() => cardOf(second));
    const card = cardOf(placed.orderID);
    within(card).getByRole('button', { name: 'Acknowledge allergy' }).focus();
    await user.keyboard('{Enter}');
    const bump = within(card).getByRole('button', { name: 'Bump' });
    await waitFor(() => expect(bump).toHaveFocus());

    // A bump by the button: the ticket leaves, and the next one holds the focus (Enter then bumps it).
    await user.keyboard('{Enter}');
    await waitFor(() => gone(placed.orderID));
    await waitFor(() => expect(cardOf(second)).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => gone(second));
    // The rail is empty: its heading, never the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Kitchen' })).toHaveFocus());
  });

  it('a new ticket and an add-on each sound their own way; the add-on is marked with its time', async () => {
    await openBoardAs('cook');
    const placed = await placeOrder(6, [{ menu_id: PIZZA, quantity: 1 }]);
    await waitFor(() => expect(cardOf(placed.orderID)).toHaveClass('ticket--new'));
    await waitFor(() => expect(sounds).toEqual(['ticket']));
    clock = Date.now() + 120_000;
    await addLine(placed, { menu_id: TIRAMISU, quantity: 1 });
    const added = await waitFor(() => within(cardOf(placed.orderID)).getByTestId('ticket-added'));
    expect(added.closest('li')).toHaveTextContent(/ADDED \d\d:\d\d 1 × Tiramisu/);
    await waitFor(() => expect(sounds).toEqual(['ticket', 'addon']));
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Added to Table 6'));
  });

  it('a muted tablet stays muted after a reload: a new ticket flashes but plays nothing', async () => {
    const user = userEvent.setup();
    const first = await openBoardAs('cook');
    await user.click(await screen.findByRole('switch', { name: 'Mute sounds' }));
    first.unmount();

    await openBoardAs('cook');
    expect(await screen.findByRole('switch', { name: 'Mute sounds' })).toBeChecked();
    const placed = await placeOrder(6, [{ menu_id: PIZZA, quantity: 1 }]);
    await waitFor(() => expect(cardOf(placed.orderID)).toHaveClass('ticket--new'));
    expect(sounds).toEqual([]);
  });

  it('a removed line and a cancelled order stay struck through until bumped', async () => {
    const user = userEvent.setup();
    const placed = await placeOrder(3, [
      { menu_id: PIZZA, quantity: 1 },
      { menu_id: TIRAMISU, quantity: 1 },
    ]);
    const tiramisu = provider.order(placed.orderID)?.items.find((line) => line.menu_id === TIRAMISU);
    await fetch(`${API}/menu?orderID=${placed.orderID}&line_id=${tiramisu?.line_id}`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer demo-token', 'X-Order-Key': placed.order_key ?? '' },
    });
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(placed.orderID));
    expect(within(card).getByTestId('ticket-removed')).toHaveTextContent('REMOVED 1 × Tiramisu');

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByTestId('cancel-dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel the order' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of mozzarella');
    await user.click(confirm);
    expect(provider.order(placed.orderID)).toMatchObject({ status: 'cancelled', cancel_reason: 'Out of mozzarella' });
    await waitFor(() =>
      expect(within(cardOf(placed.orderID)).getByTestId('ticket-void')).toHaveTextContent(
        'VOID — cancelled: Out of mozzarella',
      ),
    );
    await user.click(within(cardOf(placed.orderID)).getByRole('button', { name: 'Clear' }));
    await waitFor(() => gone(placed.orderID));
  });

  it('the expo sees whole tickets and can hand one over only once both stations bumped', async () => {
    const user = userEvent.setup();
    const orderID = await place(5, [
      { menu_id: PIZZA, quantity: 1 },
      { menu_id: COLA, quantity: 1 },
    ]);
    await openBoardAs('cook', '/staff?station=expo');
    const card = await waitFor(() => cardOf(orderID));
    expect(within(card).getByTestId('ticket-waiting')).toHaveTextContent('waiting for: kitchen, bar');
    expect(within(card).getByRole('button', { name: 'Served' })).toBeDisabled();
    bumpAt(orderID, 'kitchen');
    await waitFor(() =>
      expect(within(cardOf(orderID)).getByTestId('ticket-waiting')).toHaveTextContent('waiting for: bar'),
    );
    expect(cardOf(orderID)).toHaveTextContent('1 × Margherita [kitchen] ✓ done');
    bumpAt(orderID, 'bar');
    await waitFor(() =>
      expect(within(cardOf(orderID)).getByTestId('ticket-waiting')).toHaveTextContent('all stations done'),
    );
    await user.click(within(cardOf(orderID)).getByRole('button', { name: 'Served' }));
    await waitFor(() => gone(orderID));
    expect(provider.order(orderID)?.status).toBe('served');
  });

  it('says the timer in words past the station’s thresholds, not colour alone', async () => {
    clock = Date.now() - 30 * 60_000;
    const orderID = await place(5, [{ menu_id: PIZZA, quantity: 1 }]);
    clock = undefined;
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(orderID));
    expect(card).toHaveClass('ticket--late');
    expect(within(card).getByTestId('ticket-timer')).toHaveTextContent(/^■ 30:\d\d late$/);
  });

  it('shouts with a full-width bar when the provider is lost, sounds after a while, and says when it is back', async () => {
    const before = connectionAlarm.ms;
    connectionAlarm.ms = 300;
    try {
      await openBoardAs('cook');
      server.use(http.get(`${API}/staff/orders`, () => HttpResponse.error()));
      expect(await screen.findByText(/Connection to the provider lost/, {})).toBeVisible();
      await waitFor(() => expect(sounds).toContain('lost'));
      server.resetHandlers();
      expect(await screen.findByText(/Connection back/, {})).toBeVisible();
      expect(screen.queryByText(/Connection to the provider lost/)).toBeNull();
    } finally {
      connectionAlarm.ms = before;
    }
  });

  it('asks to sign in again when the session ends on the server', async () => {
    await openBoardAs('cook');
    provider.staff.expireSessions();
    expect(await screen.findByText('Your session has ended. Sign in again to go on.', {})).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Restaurant console' })).toBeInTheDocument();
  });
});

describe('the kitchen board on a provider without stations (v1.1)', () => {
  beforeEach(() => {
    server.use(http.get(`${API}/staff/stations`, () => HttpResponse.json({ error: 'not_found' }, { status: 404 })));
  });

  it('shows whole orders moved step by step until served leaves for Recently served; no station picker', async () => {
    const user = userEvent.setup();
    const orderID = await place(7, [
      { menu_id: PIZZA, quantity: 1 },
      { menu_id: COLA, quantity: 1 },
    ]);
    await openBoardAs('cook');
    const card = await waitFor(() => cardOf(orderID));
    expect(card).toHaveTextContent('1 × Cola');
    expect(screen.queryByRole('navigation', { name: 'Stations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recall last bumped' })).toBeNull();
    for (const [button, status] of [
      ['Start preparing', 'preparing'],
      ['Ready', 'ready'],
    ] as const) {
      await user.click(within(cardOf(orderID)).getByRole('button', { name: button }));
      await waitFor(() => expect(cardOf(orderID)).toHaveAttribute('data-status', status));
    }
    await user.click(within(cardOf(orderID)).getByRole('button', { name: 'Served' }));
    await waitFor(() => gone(orderID));
    expect(provider.order(orderID)?.status).toBe('served');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Recently served' })).toHaveTextContent(orderID));
  });

  it('when another tablet moved the order first, says so and shows where it is now, without moving it twice', async () => {
    const user = userEvent.setup();
    boardPolling.ms = 60_000;
    try {
      const orderID = await place(7, [{ menu_id: PIZZA, quantity: 1 }]);
      await openBoardAs('cook');
      await waitFor(() => cardOf(orderID));
      provider.advance(orderID); // the other tablet: received → preparing
      await user.click(within(cardOf(orderID)).getByRole('button', { name: 'Start preparing' }));
      expect(await screen.findByTestId('board-notice')).toHaveTextContent('Someone else moved that order first');
      await waitFor(() => expect(cardOf(orderID)).toHaveAttribute('data-status', 'preparing'));
      expect(provider.order(orderID)?.status).toBe('preparing');
    } finally {
      boardPolling.ms = 150;
    }
  });
});

/** A guest at the table calls the waiter from their phone, with the table's printed key. */
async function callWaiter(tableId: number) {
  const response = await fetch(`${API}/table/requests`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer demo-token',
      'Content-Type': 'application/json',
      'X-Table-Key': provider.tableKey(tableId),
    },
    body: JSON.stringify({ kind: 'waiter' }),
  });
  if (!response.ok) throw new Error(`call the waiter: ${response.status} ${await response.text()}`);
}

describe('guests asking, above the rail', () => {
  it('names the tables asking in the bar and takes the cook to the panel', async () => {
    const user = userEvent.setup();
    await openBoardAs('cook');
    const bar = screen.getByRole('heading', { level: 1, name: 'Kitchen' }).parentElement!;
    expect(within(bar).getByText('No guest asking')).toBeInTheDocument();

    await callWaiter(4);
    await callWaiter(7);
    const strip = await within(bar).findByRole('button', { name: /^2 tables asking: .*4, .*7/ });
    await user.click(strip);
    expect(screen.getByRole('region', { name: 'Guests asking' })).toHaveFocus();
  });
});
