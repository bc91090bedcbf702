// The console's Menu screen against the MSW fake: the sold-out switch moves with the tap, stays, and goes back when refused.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider } from './support';

const { provider, server } = consoleProvider();

async function openMenu() {
  provider.staff.signInBrowser('cook');
  renderApp('/staff/menu');
  await screen.findByRole('heading', { level: 1, name: 'Menu' });
  return screen.findByRole('switch', { name: 'Sold out: Quattro Formaggi' });
}

/** Whether guests can order the dish, as the provider answers them. */
async function quattroAvailable(): Promise<boolean | undefined> {
  const response = await fetch(`${API}/menu`, { headers: { Authorization: 'Bearer demo-token' } });
  const items = (await response.json()) as { name: string; available: boolean }[];
  return items.find((item) => item.name === 'Quattro Formaggi')?.available;
}

describe('the sold-out switch', () => {
  it('moves with the tap itself, before any answer, and the provider then has the dish sold out and back', async () => {
    const soldOut = await openMenu();
    expect(soldOut).not.toBeChecked();
    fireEvent.click(soldOut);
    // Read straight after the click: a controlled switch that waited for the cache would still read unchecked here.
    expect(soldOut).toBeChecked();
    await waitFor(async () => expect(await quattroAvailable()).toBe(false));
    await waitFor(() => expect(soldOut).toBeEnabled());
    expect(soldOut).toBeChecked();

    fireEvent.click(soldOut);
    expect(soldOut).not.toBeChecked();
    await waitFor(async () => expect(await quattroAvailable()).toBe(true));
    await waitFor(() => expect(soldOut).toBeEnabled());
    expect(soldOut).not.toBeChecked();
  });

  it('goes back when the provider refuses the change', async () => {
    server.use(http.patch(`${API}/staff/menu/:id`, () => HttpResponse.json({ error: 'nope' }, { status: 500 })));
    const soldOut = await openMenu();
    fireEvent.click(soldOut);
    expect(soldOut).toBeChecked();
    await waitFor(() => expect(soldOut).not.toBeChecked());
    expect(await quattroAvailable()).toBe(true);
  });
});
