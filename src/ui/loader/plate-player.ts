// The loader's Lottie player, loaded at most once and never on the way to the first screen: started after a paint, when
// the browser is idle, by whoever decides it is time (the boot once the first screen's code is requested, a screen loader).
import { useSyncExternalStore, type ComponentType } from 'react';
import { prefersReducedMotion } from '../use-reduced-motion';
import { afterNextPaint, whenIdle } from '../when-idle';

let player: ComponentType | undefined;
let started = false;
const listeners = new Set<() => void>();

/**
 * Fetches the player's chunk after the next paint, in an idle moment; a no-op once started, and with reduced motion (the
 * still picture is all that guest sees). A failure lets a later call retry.
 */
export function startPlatePlayer(): void {
  if (started || player || prefersReducedMotion()) return;
  started = true;
  afterNextPaint(() =>
    whenIdle(() => {
      import('./plate-animation').then(
        (module) => {
          player = module.default;
          for (const listener of listeners) listener();
        },
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

/** The player once its chunk has arrived, else undefined (show the still picture). */
export function usePlatePlayer(): ComponentType | undefined {
  return useSyncExternalStore(
    subscribe,
    () => player,
    () => undefined,
  );
}
