// A screen loaded on demand shows only once both its code and the later part of the catalog are in.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, it, vi } from 'vitest';
import type * as I18n from '../../../src/ui/i18n/i18n';

// The later messages, delivered by hand (the test setup has already loaded the real ones).
const messages = vi.hoisted(() => {
  const deliveries: (() => void)[] = [];
  return {
    deliveries,
    load: () => new Promise<void>((resolve) => deliveries.push(resolve)),
  };
});
vi.mock('../../../src/ui/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof I18n>()),
  loadLaterMessages: messages.load,
}));

const { lazyScreen } = await import('../../../src/ui/lazy-screen');

it('renders a screen whose code has arrived only once its messages have too', async () => {
  const Screen = lazyScreen(
    () => Promise.resolve({ CartScreen: ({ title }: { title: string }) => <h1>{title}</h1> }),
    'CartScreen',
  );
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen title="Your cart" />
    </Suspense>,
  );

  expect(await screen.findByText('Loading…')).toBeInTheDocument();
  await vi.waitFor(() => expect(messages.deliveries).toHaveLength(1));
  // The code is in (a resolved import); the messages are not.
  await Promise.resolve();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  expect(Screen.isLoaded()).toBe(false);

  messages.deliveries[0]!();
  expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
  expect(Screen.isLoaded()).toBe(true);
});

it('preloads code and messages together, as the router does before it shows a route', async () => {
  const Screen = lazyScreen(() => Promise.resolve({ default: () => <h1>Pay</h1> }), 'default');
  let preloaded = false;
  const preload = Screen.preload().then(() => (preloaded = true));
  await vi.waitFor(() => expect(messages.deliveries).toHaveLength(2));
  expect(preloaded).toBe(false);

  messages.deliveries[1]!();
  await preload;
  // Once preloaded it renders at once, without suspending.
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen />
    </Suspense>,
  );
  expect(screen.getByRole('heading', { name: 'Pay' })).toBeInTheDocument();
});
