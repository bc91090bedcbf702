// How long the splash still runs: the loader shows until 3 s after the guest opened the page, whatever came first.

/** The specification's splash: the loader shows this long before the router appears. */
export const SPLASH_MS = 3000;

type Timeline = Pick<Performance, 'now'>;

/**
 * What is left of the splash once the app can show it. The 3 s are the guest's, counted from the navigation (the
 * page's time origin): index.html paints the loader's still frame before any script, and on a slow network the entry
 * arrives seconds later, so the script takes over a loader the guest has been watching already.
 */
export function splashDelay(timeline: Timeline = performance, splashMs = SPLASH_MS): number {
  return Math.min(splashMs, Math.max(0, splashMs - timeline.now()));
}
