// The manager's Tables screen: each table's code comes with its link as text, which a button copies, and a new key is
// asked for in the console's own dialog, not the browser's.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider, place } from './support';

const { provider } = consoleProvider();

/** Window 1 with a guest's order, its bill opened from the floor by a manager. */
async function seatedBill(user: ReturnType<typeof userEvent.setup>) {
  await place(1, [{ menu_id: 33, quantity: 1 }]);
  provider.staff.signInBrowser('manager');
  renderApp('/staff/floor');
  await user.click(await screen.findByRole('button', { name: /^Bill\s*of Window 1$/ }));
  return screen.findByTestId('table-bill-panel');
}

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
    const panel = await seatedBill(user);
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

describe('where the keyboard goes after an action, and what the console says', () => {
  it('keeps the focus on the table’s card after a new key, and moves it to the next card after a removal', async () => {
    const user = userEvent.setup();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/tables');
    const [first, second] = await screen.findAllByTestId('table-card');
    const name = within(first!).getByRole('heading', { level: 2 }).textContent ?? '';
    const nextName = within(second!).getByRole('heading', { level: 2 }).textContent ?? '';

    await user.click(within(first!).getByRole('button', { name: new RegExp(`^New key\\s*for ${name}$`) }));
    await user.click(await screen.findByRole('button', { name: 'Make a new key' }));
    await waitFor(() =>
      expect(within(first!).getByRole('button', { name: new RegExp(`^New key\\s*for ${name}$`) })).toHaveFocus(),
    );
    expect(screen.getByTestId('tables-status')).toHaveTextContent(`${name} has a new key.`);

    await user.click(within(first!).getByRole('button', { name: new RegExp(`^Remove\\s*${name}$`) }));
    await user.click(await screen.findByRole('button', { name: 'Remove the table' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: nextName })).toHaveFocus());
    expect(screen.queryByRole('heading', { level: 2, name })).not.toBeInTheDocument();
    expect(screen.getByTestId('tables-status')).toHaveTextContent(`${name} is removed.`);
  });

  it('says on screen that a table was added, and writes “1 seat”', async () => {
    const user = userEvent.setup();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/tables');
    const form = await screen.findByRole('form', { name: 'Add a table' });
    await user.type(within(form).getByLabelText('Name'), 'Bar stool');
    await user.clear(within(form).getByLabelText('Seats'));
    await user.type(within(form).getByLabelText('Seats'), '1');
    await user.click(within(form).getByRole('button', { name: 'Add table' }));
    expect(await screen.findByTestId('tables-status')).toHaveTextContent('Bar stool is added.');
    const card = await waitFor(() => {
      const found = screen
        .getAllByTestId('table-card')
        .find((each) => within(each).queryByRole('heading', { level: 2, name: 'Bar stool' }));
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(card).toHaveTextContent(/Free · 1 seat(?!s)/);
  });

  it('keeps the focus in the bill after a till payment, says what was taken, and puts it on the card once cleared', async () => {
    const user = userEvent.setup();
    const panel = await seatedBill(user);
    await user.click(await within(panel).findByRole('button', { name: 'Record payment' }));
    const status = within(panel).getByTestId('bill-status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveTextContent(/taken \(cash\)\.$/);
    await waitFor(() => expect(within(panel).getByTestId('staff-bill-balance')).toHaveTextContent(/0[.,]00/));

    // Paid in full, the order is still in the kitchen: clearing asks first.
    await user.click(within(panel).getByRole('button', { name: /^Clear table\s*Window 1$/ }));
    await user.click(await screen.findByRole('button', { name: 'Clear it anyway' }));
    await waitFor(() => expect(screen.queryByTestId('table-bill-panel')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /^Window 1/ })).toHaveFocus());
    expect(screen.getByTestId('floor-status')).toHaveTextContent('Window 1 is cleared for the next guests.');
  });
});

describe('a table’s name', () => {
  it('says beside the name field when another table has that name already, case aside, and will not add it', async () => {
    const user = userEvent.setup();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/tables');
    const [card] = await screen.findAllByTestId('table-card');
    const name = within(card!).getByRole('heading', { level: 2 }).textContent ?? '';
    const form = screen.getByRole('form', { name: 'Add a table' });
    const field = within(form).getByLabelText('Name');
    await user.type(field, name.toUpperCase());
    expect(within(form).getByText('Another table is called that: give this one a name of its own.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: 'Add table' })).toBeDisabled();
    await user.type(field, ' bis');
    expect(within(form).queryByText(/Another table is called that/)).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add table' })).toBeEnabled();
  });

  it('says as the manager types that a word mixes look-alike alphabets, and names the word', async () => {
    const user = userEvent.setup();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/tables');
    await screen.findAllByTestId('table-card');
    const form = screen.getByRole('form', { name: 'Add a table' });
    const field = within(form).getByLabelText('Name');
    await user.type(field, 'Wind\u043ew 9'); // a Cyrillic "о"
    expect(field).toHaveAccessibleDescription(
      '“Wind\u043ew” mixes alphabets that look alike (a Cyrillic or Greek letter among Latin ones), so it would read as another name: type it in one alphabet.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: 'Add table' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Окно 9');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('button', { name: 'Add table' })).toBeEnabled();
  });

  it('shows the provider’s refusal when another manager took the name meanwhile', async () => {
    const user = userEvent.setup();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/tables');
    await screen.findAllByTestId('table-card');
    // Added elsewhere after this screen read the list: the name looks free here, the provider knows better.
    const elsewhere = await fetch(`${API}/staff/tables`, {
      method: 'POST',
      headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Garden 1' }),
    });
    expect(elsewhere.status).toBe(201);
    const form = screen.getByRole('form', { name: 'Add a table' });
    await user.type(within(form).getByLabelText('Name'), 'garden 1 ');
    await user.click(within(form).getByRole('button', { name: 'Add table' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Could not add the table: There is already a table named “Garden 1”: give this one a name of its own.',
    );
  });
});
