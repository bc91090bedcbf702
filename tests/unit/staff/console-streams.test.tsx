// What a console tab keeps open: only staff/events (no guests' stream), and the requests panel polls only without it.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fakeLiveEvents } from '../../msw/live-events';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider, fastBoardPolling, openBoardAs } from './support';

const { provider, server } = consoleProvider();
fastBoardPolling(100);

/** Counts the panel's asks for open requests, then lets the fake provider answer them. */
function countRequestPolls() {
  const counter = { count: 0 };
  server.use(
    http.get(`${API}/staff/requests`, () => {
      counter.count += 1;
      return undefined;
    }),
  );
  return counter;
}

const mode = () => screen.getByTestId('board-mode');
/** Lets `ms` of the page's time pass at once (fake timers; time also flows as usual meanwhile). */
const settle = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('a console tab', () => {
  it('opens the staff stream and not the guests’ one', async () => {
    const guests = fakeLiveEvents(API, 'events');
    const staff = fakeLiveEvents(API, 'staff/events');
    server.use(guests.handler, staff.handler);
    await openBoardAs(provider, 'cook', { live: true });
    await waitFor(() => expect(mode()).toHaveTextContent('Live'));
    expect(staff.open).toBe(1);
    expect(guests.requests).toHaveLength(0);
  });

  it('closes the guests’ stream when the tab moves from the menu to the console, and reopens it on the way back', async () => {
    const guests = fakeLiveEvents(API, 'events');
    const staff = fakeLiveEvents(API, 'staff/events');
    server.use(guests.handler, staff.handler);
    provider.staff.signInBrowser('cook');
    const { router } = renderApp('/?category_id=1', undefined, { live: true });
    await waitFor(() => expect(guests.open).toBe(1));
    await router.navigate({ to: '/staff' });
    await screen.findByRole('heading', { level: 1, name: 'Kitchen' });
    await waitFor(() => expect(guests.open).toBe(0));
    await waitFor(() => expect(staff.open).toBe(1));
    await router.navigate({ to: '/' });
    await waitFor(() => expect(staff.open).toBe(0));
    await waitFor(() => expect(guests.open).toBe(1));
  });
});

describe('the service-requests panel', () => {
  it('does not poll while staff/events is live, polls while it reconnects, and stops again once it is back', async () => {
    const staff = fakeLiveEvents(API, 'staff/events');
    server.use(staff.handler);
    const polls = countRequestPolls();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openBoardAs(provider, 'cook');
    await waitFor(() => expect(mode()).toHaveTextContent('Live'));
    await waitFor(() => expect(screen.getByTestId('service-requests')).toHaveTextContent('Nobody is waiting.'));
    // Ten poll intervals with the stream open: at most the one fetch made on going live, then nothing.
    await settle(300);
    const whileLive = polls.count;
    await settle(1000);
    expect(polls.count).toBe(whileLive);

    staff.dropAll();
    await waitFor(() => expect(mode()).toHaveTextContent('Checking for orders every few seconds'));
    await waitFor(() => expect(polls.count).toBeGreaterThanOrEqual(whileLive + 3));
    await waitFor(() => expect(mode()).toHaveTextContent('Live'));
    await settle(300);
    const liveAgain = polls.count;
    await settle(1000);
    expect(polls.count).toBe(liveAgain);
    vi.useRealTimers();
  });

  it('polls on a provider without staff/events (404)', async () => {
    server.use(
      http.get(`${API}/staff/events`, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No such path' } }, { status: 404 }),
      ),
    );
    const polls = countRequestPolls();
    provider.staff.signInBrowser('manager');
    renderApp('/staff/floor');
    await screen.findByRole('heading', { level: 2, name: 'Guests asking' });
    const first = polls.count;
    await waitFor(() => expect(polls.count).toBeGreaterThanOrEqual(first + 3));
  });
});
