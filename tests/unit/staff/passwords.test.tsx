// Staff passwords in the console against the MSW fake: anyone changes their own (the current one asked for, errors on
// the field they concern, with focus), a manager resets someone's password or role, and a provider without the call
// says so plainly.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider } from './support';

const { provider, server } = consoleProvider();

const signInCall = (name: string, password: string) =>
  fetch(`${API}/staff/session`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });

async function openPasswordScreen(name: 'cook' | 'manager') {
  provider.staff.signInBrowser(name);
  renderApp('/staff');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('link', { name: 'Change my password' }));
  await screen.findByRole('heading', { level: 1, name: 'Change my password' });
  return user;
}

describe('change my password', () => {
  it('asks for the current password, ties each problem to its field, then changes it', async () => {
    const user = await openPasswordScreen('cook');
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const again = screen.getByLabelText('New password again');
    expect(next).toHaveAccessibleDescription(/At least 10 characters/);

    await user.type(current, 'not-my-password');
    await user.type(next, 'a-brand-new-password');
    await user.type(again, 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('That is not your current password.');
    // A wrong current password is no ended session: the console stays open.
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.clear(current);
    await user.type(current, 'cook-password');
    await user.clear(again);
    await user.type(again, 'a-different-password');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(again).toHaveFocus());
    expect(again).toHaveAccessibleDescription('The two new passwords differ. Type the same one twice.');
    expect(current).not.toHaveAttribute('aria-invalid');

    await user.clear(again);
    await user.type(again, 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    const done = await screen.findByText(/Your password is changed/, { selector: 'p' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(current).toHaveValue('');
    expect((await signInCall('cook', 'cook-password')).status).toBe(401);
    expect((await signInCall('cook', 'a-brand-new-password')).status).toBe(201);
  });

  it('says plainly when the provider does not offer it (a v1.1 provider answers 404)', async () => {
    server.use(
      http.put(`${API}/staff/session/password`, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'There is no PUT here' } }, { status: 404 }),
      ),
    );
    const user = await openPasswordScreen('manager');
    await user.type(screen.getByLabelText('Current password'), 'manager-password');
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await user.type(screen.getByLabelText('New password again'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('does not offer password changes');
    await waitFor(() => expect(alert).toHaveFocus());
  });
});

describe('a manager changes someone’s account', () => {
  it('resets a password and a role in a dialog; that person is signed out everywhere', async () => {
    provider.staff.accounts.set('dana', { name: 'dana', password: 'dana-password', role: 'kitchen' });
    expect((await signInCall('dana', 'dana-password')).status).toBe(201);
    expect(provider.staff.sessionsOf('dana')).toBe(1);
    provider.staff.signInBrowser('manager');
    renderApp('/staff/accounts');
    const user = userEvent.setup();
    // Role queries over the whole console are slow in jsdom: the row is found first, by its text.
    await screen.findAllByText('Password or role', { exact: false });
    const row = screen.getAllByTestId('account-row').find((candidate) => candidate.textContent?.startsWith('dana'));
    if (!row) throw new Error('No row for dana');
    const open = within(row).getByRole('button', { name: 'Password or role of dana' });
    expect(screen.queryByRole('button', { name: 'Password or role of manager' })).toBeNull();
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Change dana’s account' });
    const password = within(dialog).getByLabelText('New password');
    await waitFor(() => expect(password).toHaveFocus());
    // Nothing to change yet: the dialog says so instead of calling.
    await user.click(within(dialog).getByRole('button', { name: 'Save and sign them out' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type a new password or choose another role.');

    await user.type(password, 'reset-by-the-manager');
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'manager' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save and sign them out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
    await waitFor(() =>
      expect(screen.getAllByTestId('account-row').find((row) => row.textContent?.startsWith('dana'))).toHaveTextContent(
        'Manager',
      ),
    );
    expect(provider.staff.accounts.get('dana')).toMatchObject({ role: 'manager', password: 'reset-by-the-manager' });
    expect(provider.staff.sessionsOf('dana')).toBe(0);
  });
});
