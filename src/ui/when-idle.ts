// Work that can wait: for the browser's first idle moment (deferred chunks, the service worker), or for its next frame.

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

/**
 * Runs `task` in a task of its own once the browser has drawn the next frame (a timeout queued from that frame's
 * animation callback runs after it). Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(task);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
