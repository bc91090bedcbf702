// Renders the real app (router, cache, cart) at a given path, in memory, as the shell does after the splash.
import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { fromCallback } from 'xstate';
import { createQueryClient } from '../../src/api/query-client';
import { AppProviders } from '../../src/app-providers';
import { liveMachine } from '../../src/machines/live.machine';
import { createAppRouter } from '../../src/router';

// Unless a test is about live updates, the app runs as against a provider without them (contract v1): it polls, and
// no stream is asked for, so the other tests neither wait on nor count the stream's requests.
const pollingOnly = liveMachine.provide({
  actors: { stream: fromCallback(({ sendBack }) => sendBack({ type: 'live.unsupported', status: 404 })) },
});

/** The real app at `path`, as an element, for a test that renders it inside something else (the boot screen). */
export function appAt(
  path: string | string[],
  routeTree?: AnyRoute,
  { queryClient = createQueryClient(), live = false }: { queryClient?: QueryClient; live?: boolean } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const router = createAppRouter({ queryClient, history, ...(routeTree ? { routeTree } : {}) });
  const element = (
    <AppProviders queryClient={queryClient} router={router} {...(live ? {} : { liveLogic: pollingOnly })} />
  );
  return { element, router, history, queryClient };
}

export function renderApp(
  path: string | string[],
  routeTree?: AnyRoute,
  options: { queryClient?: QueryClient; live?: boolean } = {},
) {
  const { element, ...app } = appAt(path, routeTree, options);
  return { ...render(element), ...app };
}
