// The one way a guests' screen, or a piece of one, is loaded on demand: its code and the later part of the catalog
// arrive together, so it never renders before its words are in. The first part holds only what the menu's first screen
// names (scripts/message-split.ts); whatever else shows a message comes through here.
import { useEffect, useState, type ComponentType } from 'react';
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

/**
 * A piece of the frame that shows only now and then (a notice, an offer), loaded like a screen's piece but never failing
 * the page around it: offline before its code came, it shows nothing, and comes once the network is back.
 */
type PropsOf<Component> = Component extends ComponentType<infer Props extends object> ? Props : never;

/** `optionalPiece(() => import('./notices'), 'UpdateOffer')`: the module's component, as a piece that may be absent. */
export function optionalPiece<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  type Props = PropsOf<Module[Name]>;
  const piece = preloadable<Props>(() =>
    Promise.all([load(), loadLaterMessages()]).then(([module]) => module[name] as ComponentType<Props>),
  );

  function OptionalPiece(props: Props) {
    const [loaded, setLoaded] = useState(piece.isLoaded);
    useEffect(() => {
      if (loaded) return;
      let mounted = true;
      const fetchPiece = () =>
        void piece.preload().then(
          () => mounted && setLoaded(true),
          // Not fetched (offline): nothing is shown, and the network's return tries again.
          () => {},
        );
      fetchPiece();
      window.addEventListener('online', fetchPiece);
      return () => {
        mounted = false;
        window.removeEventListener('online', fetchPiece);
      };
    }, [loaded]);
    // Once fetched, the component itself renders: never a suspense, so never the page's loader or error screen.
    return loaded ? <piece.Component {...props} /> : null;
  }

  return Object.assign(OptionalPiece, { preload: () => piece.preload().then(() => undefined) });
}
