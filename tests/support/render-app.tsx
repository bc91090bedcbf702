// Renders the real app (router, cache, cart) at a given path, in memory, as the shell does after the splash.
import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '../../src/api/query-client';
import { AppProviders } from '../../src/app-providers';
import { createAppRouter } from '../../src/router';

export function renderApp(
  path: string | string[],
  routeTree?: AnyRoute,
  { queryClient = createQueryClient() }: { queryClient?: QueryClient } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const router = createAppRouter({ queryClient, history, ...(routeTree ? { routeTree } : {}) });
  const view = render(<AppProviders queryClient={queryClient} router={router} />);
  return { ...view, router, history, queryClient };
}
