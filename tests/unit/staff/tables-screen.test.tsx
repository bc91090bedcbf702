// The manager's Tables screen: each table's code comes with its link as text, which a button copies, and a new key is
// asked for in the console's own dialog, not the browser's.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { consoleProvider, place } from './support';

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

describe('confirming a step that is hard to undo', () => {
  it('asks in the console’s own dialog before a new key, with the safe answer focused, and makes it when confirmed', async () => {
    const user = userEvent.setup();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/tables');
    const [card] = await screen.findAllByTestId('table-card');
    const name = within(card!).getByRole('heading', { level: 2 }).textContent ?? '';

    await user.click(within(card!).getByRole('button', { name: new RegExp(`^New key\\s*for ${name}$`) }));
    let dialog = await screen.findByRole('dialog', { name: `Give ${name} a new key?` });
    expect(within(dialog).getByRole('button', { name: 'Keep the key' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(card!).getByRole('button', { name: new RegExp(`^New key\\s*for ${name}$`) }));
    dialog = await screen.findByRole('dialog', { name: `Give ${name} a new key?` });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new key' }));
    expect(await screen.findByText(new RegExp(`^${name} has a new key`))).toBeInTheDocument();
  });

  it('asks before clearing a table whose order is still open in the kitchen, and keeps it seated if told so', async () => {
    const user = userEvent.setup();
    await place(1, [{ menu_id: 33, quantity: 1 }]);
    provider.staff.signInBrowser('manager');
    renderApp('/staff/floor');
    await user.click(await screen.findByRole('button', { name: /^Bill\s*of Window 1$/ }));
    const panel = await screen.findByTestId('table-bill-panel');
    await user.type(await within(panel).findByLabelText(/why clear it anyway\?/), 'They left in a hurry');
    const clear = within(panel).getByRole('button', { name: /^Clear table\s*Window 1$/ });
    await user.click(clear);

    let dialog = await screen.findByRole('dialog', { name: 'Clear Window 1?' });
    expect(dialog).toHaveTextContent('Window 1 still has an open order.');
    expect(within(dialog).getByRole('button', { name: 'Keep it seated' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it seated' }));
    expect(screen.queryByRole('dialog', { name: 'Clear Window 1?' })).not.toBeInTheDocument();
    expect(clear).toHaveFocus();

    await user.click(clear);
    dialog = await screen.findByRole('dialog', { name: 'Clear Window 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear it anyway' }));
    expect(
      await screen.findByText('Window 1 is cleared for the next guests. Its QR code stays the same.'),
    ).toBeInTheDocument();
  });
});
