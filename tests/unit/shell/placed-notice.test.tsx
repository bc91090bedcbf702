// The notice of an order placed while the guest was on another screen: said once, then gone by itself, when dismissed,
// or when the guest moves on, so it never follows them from screen to screen.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PLACED_NOTICE_MS } from '../../../src/ui/shell/frame-notices';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { fakeProvider } from '../cart/support';

const provider = fakeProvider();
setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
  // Fake timers that also follow the clock, so the app's calls and renders go on while the notice's time is faked.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.setItem('table_id', '3');
  localStorage.setItem('order_items', JSON.stringify([{ id: 'q1', menu_id: 33, name: 'Margherita', price: 12 }]));
  // An order queued offline earlier; the app, opened online on the menu, sends it there.
  localStorage.setItem(
    'pending_order',
    JSON.stringify({
      key: 'queued-attempt-00001',
      order: { table_id: 3, items: [{ menu_id: 33, quantity: 1 }] },
      lineKeys: ['[33,""]'],
      entryIds: ['q1'],
      unsent: true,
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function toldOnTheMenu() {
  const notice = await screen.findByTestId('placed-notice');
  const orderID = provider.state.orders[0]?.orderID ?? '';
  expect(notice).toHaveTextContent(`Order ${orderID} placed. The kitchen has it.`);
  await waitFor(() =>
    expect(screen.getByTestId('live-region')).toHaveTextContent(`Order ${orderID} placed. The kitchen has it.`),
  );
  // Said, not forced on them: the focus stays where it was.
  expect(notice).not.toContainElement(document.activeElement as HTMLElement | null);
  return notice;
}

it('goes by itself after its time, the guest left on the menu', async () => {
  renderApp('/');
  await toldOnTheMenu();
  await act(async () => void vi.advanceTimersByTime(PLACED_NOTICE_MS - 1_000));
  expect(screen.getByTestId('placed-notice')).toBeVisible();
  await act(async () => void vi.advanceTimersByTime(1_000));
  expect(screen.queryByTestId('placed-notice')).not.toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
});

it('does not follow the guest to another screen, nor come back there', async () => {
  const { router } = renderApp('/');
  await toldOnTheMenu();
  await act(() => router.navigate({ to: '/table' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/table'));
  expect(screen.queryByTestId('placed-notice')).not.toBeInTheDocument();
  await act(() => router.navigate({ to: '/' }));
  await screen.findByRole('heading', { level: 1, name: 'Menu' });
  expect(screen.queryByTestId('placed-notice')).not.toBeInTheDocument();
});

it('can be dismissed, and waits while the focus is in it', async () => {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderApp('/');
  const notice = await toldOnTheMenu();
  const dismiss = within(notice).getByRole('button', { name: 'Dismiss' });
  act(() => dismiss.focus());
  await act(async () => void vi.advanceTimersByTime(PLACED_NOTICE_MS * 2));
  expect(notice).toBeInTheDocument();
  await user.click(dismiss);
  expect(screen.queryByTestId('placed-notice')).not.toBeInTheDocument();
  // The button went with the notice: the guest is at the screen's heading, not on the page's body.
  expect(screen.getByRole('heading', { level: 1, name: 'Menu' })).toHaveFocus();
});
