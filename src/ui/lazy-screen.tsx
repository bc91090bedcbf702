// The one way a guests' screen, or a piece of one, is loaded on demand: its code and the later part of the catalog
// arrive together, so it never renders before its words are in. The first part holds only what the menu's first screen
// names (scripts/message-split.ts); whatever else shows a message comes through here.
import type { ComponentType } from 'react';
import { loadLaterMessages } from './i18n/i18n';
import { preloadable } from './preloadable';

/**
 * `lazyScreen(() => import('./cart-screen'), 'CartScreen')`: a component that suspends until the module's export and
 * the later messages are in, with `preload` (which the router calls for a route's component before it shows the route)
 * and `isLoaded`. Once preloaded, it renders without suspending.
 */
export function lazyScreen<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  const piece = preloadable<Props>(() => Promise.all([load(), loadLaterMessages()]).then(([module]) => module[name]));
  return Object.assign(piece.Component, {
    preload: (): Promise<void> => piece.preload().then(() => undefined),
    isLoaded: piece.isLoaded,
  });
}
