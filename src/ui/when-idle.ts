// Work that can wait for the browser's first idle moment: deferred chunks, the service worker's registration.

/**
 * Runs `task` when the browser has a moment, at the latest after `timeout` ms; without requestIdleCallback, after
 * `fallbackMs`. Returns a cancel.
 */
export function whenIdle(task: () => void, { timeout = 2000, fallbackMs = 200 } = {}): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, fallbackMs);
  return () => clearTimeout(handle);
}
