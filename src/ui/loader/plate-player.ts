// The loader's Lottie player, loaded at most once and never on the way to the first screen: started after a paint, when
// the browser is idle, by whoever decides it is time (the boot once the first screen's code is in, a screen loader).
import { useSyncExternalStore } from 'react';
import { preloadable } from '../preloadable';
import { prefersReducedMotion } from '../use-reduced-motion';
import { afterNextPaint, whenIdle } from '../when-idle';

/** Renders without suspending once `usePlatePlayerLoaded()` says so. */
export const plateAnimation = preloadable(() => import('./plate-animation').then((module) => module.default));

let loaded = false;
let started = false;
const listeners = new Set<() => void>();

/**
 * Fetches the player's chunk after the next paint, in an idle moment; a no-op once started, and with reduced motion (the
 * still picture is all that guest sees). A failure lets a later call retry.
 */
export function startPlatePlayer(): void {
  if (started || prefersReducedMotion()) return;
  started = true;
  afterNextPaint(() =>
    whenIdle(() => {
      plateAnimation.preload().then(
        // Drawn in a task of its own: the chunk's evaluation (lottie-web's) and the player's first scene were together
        // one long task on a phone.
        () =>
          afterNextPaint(() => {
            loaded = true;
            for (const listener of listeners) listener();
          }),
        () => {
          // The still picture stays; the next loader tries again.
          started = false;
        },
      );
    }),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the player has arrived (until then, show the still picture). */
export function usePlatePlayerLoaded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
}
