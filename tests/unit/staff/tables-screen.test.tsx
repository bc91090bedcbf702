// The manager's Tables screen: each table's code comes with its link as text, which a button copies, and a new key is
// asked for in the console's own dialog, not the browser's.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { consoleProvider } from './support';

const { provider } = consoleProvider();

describe('the Tables screen', () => {
  it('shows each table’s link as text beside its code, and copies it', async () => {
    const user = userEvent.setup();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/tables');
    const [card] = await screen.findAllByTestId('table-card');
    const name = within(card!).getByRole('heading', { level: 2 }).textContent ?? '';
    const link =
      within(card!)
        .getByRole('img', { name: `QR code for ${name}` })
        .getAttribute('data-link') ?? '';
    expect(link).toMatch(/\?table=\d+&key=/);
    expect(within(card!).getByText(link)).toBeVisible();

    await user.click(within(card!).getByRole('button', { name: `Copy link of ${name}` }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText(`The link of ${name} is copied.`)).toBeInTheDocument();
  });
});
