// Work that can wait: for the browser's first idle moment (deferred chunks, the service worker), for the first screen's
// data, or for the next frame.
import { useEffect, useState, useSyncExternalStore } from 'react';

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

/** Lets the browser run what waits (input, a frame) before the rest of the current work: the rest is a task of its own. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

// The boot's first screen: while its data is on the way, work that can wait would share a slow network with it.
let firstScreen: { settled: Promise<void>; settle: () => void } | null = null;
const settledListeners = new Set<() => void>();

/** Called by the boot before it fetches the first screen's data; without it (tests, a screen opened later) nothing waits. */
export function firstScreenPending(): void {
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  firstScreen = { settled, settle };
}

/** The first screen's data is in (or could not be had): what was waiting for it may go. */
export function firstScreenSettled(): void {
  firstScreen?.settle();
  firstScreen = null;
  for (const listener of settledListeners) listener();
}

export function isFirstScreenSettled(): boolean {
  return firstScreen === null;
}

export function onFirstScreenSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** whenIdle, once the first screen has its data. Returns a cancel. */
export function whenIdleAfterFirstScreen(task: () => void, options?: Parameters<typeof whenIdle>[1]): () => void {
  if (!firstScreen) return whenIdle(task, options);
  let cancelled = false;
  let cancel = () => {};
  void firstScreen.settled.then(() => {
    if (!cancelled) cancel = whenIdle(task, options);
  });
  return () => {
    cancelled = true;
    cancel();
  };
}

/** Whether the first screen has its data, for a component that holds back what can wait. */
export function useFirstScreenSettled(): boolean {
  return useSyncExternalStore(onFirstScreenSettled, isFirstScreenSettled);
}

/**
 * False until the browser's first idle moment once the first screen has its data (at once when `already`, say a piece
 * whose chunk is in): for a component that shows what the first tap does not need only after it.
 */
export function useIdleAfterFirstScreen(already = false): boolean {
  const [idle, setIdle] = useState(already);
  useEffect(() => (idle ? undefined : whenIdleAfterFirstScreen(() => setIdle(true))), [idle]);
  return idle;
}
