// The console's Menu screen against the MSW fake: the sold-out switch moves with the tap, stays, and goes back when refused.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('prep minutes', () => {
  it('says the allowed range beside a value out of it, and says a valid change is saved', async () => {
    const user = userEvent.setup();
    await openMenu();
    const field = screen.getByLabelText('Prep minutes for Quattro Formaggi');
    await user.clear(field);
    await user.type(field, '999');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Whole minutes from 0 to');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(999);

    await user.clear(field);
    await user.type(field, '17');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByTestId('menu-status')).toHaveTextContent(
        'Saved: Quattro Formaggi available, 17 min to prepare.',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
