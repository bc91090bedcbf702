// The console's component-test setup, shared by its files: a fake provider with browser cookies, a fast board poll,
// placing orders as a guest would, and opening the board signed in.
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { boardPolling } from '../../../src/api/staff-queries';
import { createFakeProvider, type FakeProvider, type FakeProviderOptions } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, ORIGIN } from '../cart/support';

export { API };

/** The fake provider for a file of console tests, reset before each test with every staff session ended. */
export function consoleProvider(options: Omit<FakeProviderOptions, 'origin' | 'staff'> = {}) {
  const provider = createFakeProvider({ origin: ORIGIN, staff: { browserCookies: true }, ...options });
  const server = setupMsw(...provider.handlers);
  beforeEach(() => {
    provider.reset();
    provider.staff.expireSessions();
    window.scrollTo = vi.fn();
  });
  return { provider, server };
}

/** The board and the requests panel ask every `ms` in this file's tests instead of every 4 s. */
export function fastBoardPolling(ms = 150) {
  const before = boardPolling.ms;
  beforeAll(() => {
    boardPolling.ms = ms;
  });
  afterAll(() => {
    boardPolling.ms = before;
  });
}

type Line = { menu_id: number; quantity: number; note?: string };

/** A guest's order through the API, with the allergies they chose to send; its id and key. */
export async function placeOrder(table_id: number, items: Line[], extra: { allergies?: string[] } = {}) {
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ table_id, items, ...extra }),
  });
  return (await response.json()) as { orderID: string; order_key?: string };
}

/** A guest's order through the API; its id. */
export async function place(table_id: number, items: Line[]) {
  return (await placeOrder(table_id, items)).orderID;
}

/** The guest adds a line to their placed order (an add-on on the kitchen's tickets). */
export async function addLine(placed: { orderID: string; order_key?: string }, line: Line) {
  const response = await fetch(`${API}/menu`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer demo-token',
      'Content-Type': 'application/json',
      ...(placed.order_key ? { 'X-Order-Key': placed.order_key } : {}),
    },
    body: JSON.stringify({ orderID: placed.orderID, ...line }),
  });
  if (!response.ok) throw new Error(`add line: ${response.status} ${await response.text()}`);
}

/** The ticket on the rail whose heading names `table`, or null. */
export function ticketFor(table: RegExp): HTMLElement | null {
  const heading = screen.queryAllByRole('heading', { level: 3 }).find((candidate) => table.test(candidate.textContent));
  return heading?.closest<HTMLElement>('[data-testid="order-card"]') ?? null;
}

/**
 * Signs `name` in and opens the board until its first answer is in: an order placed before that answer arrives is
 * never "new".
 */
export async function openBoardAs(provider: FakeProvider, name: 'cook' | 'manager', options: { live?: boolean } = {}) {
  provider.staff.signInBrowser(name);
  const view = renderApp('/staff', undefined, options);
  await screen.findByRole('heading', { level: 1, name: 'Kitchen' });
  // The rail is busy until the board's first answer is in.
  await waitFor(() => expect(screen.getByTestId('ticket-rail')).toHaveAttribute('aria-busy', 'false'));
  return view;
}
