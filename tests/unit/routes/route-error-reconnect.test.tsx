// A screen whose code could not be downloaded tries again by itself once the network is back, and goes on trying for a
// while when the first tries after the reconnection fail too (the device says online before its connection carries).
import { onlineManager } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, Outlet } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RouterContext } from '../../../src/routes/__root';
import { RETRY_AFTER_RECONNECT, RouteError } from '../../../src/ui/shell/route-error';
import { renderApp } from '../../support/render-app';

const usual = { ...RETRY_AFTER_RECONNECT };
beforeEach(() => {
  RETRY_AFTER_RECONNECT.everyMs = 50;
});
afterEach(() => {
  Object.assign(RETRY_AFTER_RECONNECT, usual);
  onlineManager.setOnline(true);
});

/** One screen whose code fails to arrive the first `failures` times it is asked for. */
function screenFailing(failures: number) {
  const asked = { count: 0 };
  const root = createRootRouteWithContext<RouterContext>()({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    loader: () => {
      asked.count += 1;
      if (asked.count <= failures) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    },
    component: () => <h1>The screen</h1>,
    errorComponent: RouteError,
  });
  return { routeTree: root.addChildren([page]), asked };
}

it('keeps trying after a reconnection whose first tries still fail, then shows the screen', async () => {
  const { routeTree, asked } = screenFailing(3);
  act(() => onlineManager.setOnline(false));
  renderApp('/', routeTree);
  expect(await screen.findByRole('heading', { name: 'This page didn’t load' })).toBeInTheDocument();
  expect(asked.count).toBe(1);

  act(() => onlineManager.setOnline(true));
  // The try on reconnecting fails, and so does the next one: the screen comes with the fourth.
  expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
  expect(asked.count).toBe(4);
});

it('waits for Retry when the files fail long after the network came back', async () => {
  const { routeTree, asked } = screenFailing(1);
  RETRY_AFTER_RECONNECT.forMs = 0;
  renderApp('/', routeTree);
  expect(await screen.findByRole('heading', { name: 'This page didn’t load' })).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_RECONNECT.everyMs * 4));
  expect(asked.count).toBe(1);
  act(() => screen.getByRole('button', { name: 'Retry' }).click());
  expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
  expect(asked.count).toBe(2);
});
