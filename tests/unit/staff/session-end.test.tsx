// The end of a staff session in the console against the MSW fake: a warning before it with the password to stay, and
// the sign-in form in place after it, which brings back the same screen.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app';
import { consoleProvider, fastBoardPolling } from './support';

const { provider } = consoleProvider();
fastBoardPolling();

const HOUR = 3_600_000;
const SESSION = 12 * HOUR;
/** The warning comes five minutes before the end (docs/console.md). */
const WARNING = 5 * 60_000;

/** The console's clock, and the fake provider's, jump ahead; everything else runs at its own pace. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

afterEach(() => {
  vi.useRealTimers();
});

const signInForm = () => screen.queryByRole('heading', { level: 1, name: 'Restaurant console' });

/** Opens the console at `path` and signs the cook in with the form, as on the tablet. */
async function openAsCook(user: ReturnType<typeof userEvent.setup>, path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Restaurant console' });
  await user.type(screen.getByLabelText('Name'), 'cook');
  await user.type(screen.getByLabelText('Password'), 'cook-password{Enter}');
  return app;
}

/** The board's answer for this session is in. */
const boardAnswered = () =>
  waitFor(() => expect(screen.getByTestId('ticket-rail')).toHaveAttribute('aria-busy', 'false'));

describe('the end of a staff session', () => {
  it('warns five minutes before, and the password keeps the session without leaving the screen', async () => {
    const user = fakeClock();
    await openAsCook(user, '/staff/menu');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    await user.type(screen.getByLabelText('Search dishes'), 'pizza');

    await vi.advanceTimersByTimeAsync(SESSION - WARNING - 60_000);
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    const warning = await screen.findByRole('form', { name: 'Stay signed in' });
    expect(screen.getByText(/^Your session ends at \d\d:\d\d\. Type your password to stay signed in/)).toHaveRole(
      'status',
    );

    await user.type(within(warning).getByLabelText('Password'), 'not-my-password');
    await user.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    expect(await within(warning).findByRole('alert')).toHaveTextContent('That is not your password');
    expect(within(warning).getByLabelText('Password')).toHaveFocus();

    await user.type(within(warning).getByLabelText('Password'), 'cook-password');
    await user.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Stay signed in' })).toBeNull());
    expect(screen.getByTestId('live-region')).toHaveTextContent(/^You stay signed in until \d\d:\d\d\.$/);
    expect(screen.getByRole('main')).toHaveFocus();

    // Past the first session's end: still signed in, on the same screen, with what was typed.
    await vi.advanceTimersByTimeAsync(WARNING + 60_000);
    expect(signInForm()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search dishes')).toHaveValue('pizza');
    // And the provider takes the new session: the board's calls are answered.
    await user.click(screen.getByRole('link', { name: 'Kitchen' }));
    await boardAnswered();
    expect(signInForm()).toBeNull();
  });

  it('after a call answers 401, signing in again brings back the same screen, search and all, and keeps it', async () => {
    const user = userEvent.setup();
    const { router } = await openAsCook(user, '/staff?station=bar');
    await screen.findByRole('heading', { level: 1, name: 'bar' });

    // Ended on the server (a manager reset the account, or the tablet's clock is behind): the board's next poll is 401.
    provider.staff.expireSessions();
    expect(await screen.findByText('Your session has ended. Sign in again to go on.', {})).toBeVisible();
    expect(router.state.location.search).toEqual({ station: 'bar' });
    expect(screen.getByLabelText('Name')).toHaveValue('cook');
    await user.type(screen.getByLabelText('Password'), 'cook-password{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'bar' });
    // The board's first answer for the new session is in, and the form has not come back.
    await boardAnswered();
    expect(signInForm()).toBeNull();
    expect(screen.getByRole('link', { name: 'bar' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toEqual({ station: 'bar' });
  });

  it('when the warning goes unanswered, the form shows in place at the end, and signing in returns there', async () => {
    const user = fakeClock();
    const { router } = await openAsCook(user, '/staff?station=bar');
    await screen.findByRole('heading', { level: 1, name: 'bar' });

    await vi.advanceTimersByTimeAsync(SESSION);
    expect(await screen.findByText('Your session has ended. Sign in again to go on.')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('cook');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.type(screen.getByLabelText('Password'), 'cook-password{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'bar' });
    expect(router.state.location.pathname).toBe('/staff');
    expect(router.state.location.search).toEqual({ station: 'bar' });
    expect(screen.queryByRole('form', { name: 'Stay signed in' })).toBeNull();
  });
});
