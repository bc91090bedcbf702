// A lazily loaded component that can be fetched ahead of time and then renders without suspending.
import { lazy, type ComponentType } from 'react';

export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;

  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Forget the failure so the next attempt (say, after reconnecting) fetches again.
        pending = undefined;
        throw error;
      },
    ));

  const Lazy = lazy(async () => ({ default: await preload() }));

  function Preloadable(props: Props) {
    // Once preloaded, render the component itself: React.lazy would still suspend for a tick.
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }

  return { Component: Preloadable, preload, isLoaded: () => loaded !== undefined };
}
