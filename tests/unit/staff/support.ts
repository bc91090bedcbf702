// The console's component-test setup, shared by its files: a fake provider with browser cookies, a fast board poll,
// placing orders as a guest would, and opening the board signed in.
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
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

/** A guest's order through the API; its id. */
export async function place(table_id: number, items: { menu_id: number; quantity: number; note?: string }[]) {
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ table_id, items }),
  });
  return ((await response.json()) as { orderID: string }).orderID;
}

/** A board column by its name ("Received", "Preparing", "Ready"). */
export const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

/**
 * Signs `name` in and opens the board until its first answer is in: an order placed before that answer arrives is
 * never "new".
 */
export async function openBoardAs(provider: FakeProvider, name: 'cook' | 'manager', options: { live?: boolean } = {}) {
  provider.staff.signInBrowser(name);
  const view = renderApp('/staff', undefined, options);
  await screen.findByRole('heading', { level: 1, name: 'Kitchen' }, { timeout: 8000 });
  // The columns show only once the board's first answer is in (an error or a slow first answer shows none).
  await screen.findByRole('region', { name: /^Received/ }, { timeout: 8000 });
  return view;
}
