// How long the splash still runs: the loader shows 3 s in all, counted from index.html's first paint of its still frame.

/** The specification's splash: the loader shows this long before the router appears. */
export const SPLASH_MS = 3000;

type Timeline = Pick<Performance, 'now' | 'getEntriesByType'>;

/**
 * What is left of the splash once the app can show it. index.html paints the loader's still frame before any script,
 * and on a slow network the entry arrives seconds later: the 3 s are the guest's, from the moment they first saw the
 * loader, not from when the script took over. Without a paint entry (a browser that has none), the whole 3 s.
 */
export function splashDelay(timeline: Timeline = performance, splashMs = SPLASH_MS): number {
  const painted = timeline
    .getEntriesByType('paint')
    .reduce<number | undefined>((first, entry) => Math.min(first ?? Infinity, entry.startTime), undefined);
  if (painted === undefined) return splashMs;
  return Math.min(splashMs, Math.max(0, splashMs - (timeline.now() - painted)));
}
