// While a screen's code is still on its way, the app shows its progress bar, then the full-height loader, then the screen.
import { createRootRouteWithContext, createRoute, lazyRouteComponent, Link, Outlet } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { RouterContext } from '../../../src/routes/__root';
import { AppLayout } from '../../../src/ui/shell/app-layout';
import { renderApp } from '../../support/render-app';

it('shows the progress bar and the loader until a slow screen arrives', async () => {
  let deliver!: (screenModule: { default: () => React.JSX.Element }) => void;
  const slowScreen = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
    deliver = resolve;
  });

  // The app's own shell and router settings, with one screen whose code the test delivers by hand.
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <AppLayout>
        <Outlet />
      </AppLayout>
    ),
  });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <Link to="/cart">Open the slow screen</Link>,
  });
  const slow = createRoute({
    getParentRoute: () => root,
    path: '/cart',
    component: lazyRouteComponent(() => slowScreen),
  });
  renderApp('/', root.addChildren([home, slow]));

  await userEvent.click(await screen.findByRole('link', { name: 'Open the slow screen' }));
  expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
  const loader = await screen.findByTestId('screen-loader');
  expect(loader).toHaveTextContent('Loading…');

  deliver({ default: () => <h1>Slow screen</h1> });
  expect(await screen.findByRole('heading', { name: 'Slow screen' })).toBeInTheDocument();
  expect(screen.queryByTestId('screen-loader')).not.toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});
