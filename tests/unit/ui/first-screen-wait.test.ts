// What can wait (deferred chunks, the service worker) waits for the first screen's data during the boot, not after it.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { firstScreenPending, firstScreenSettled, whenIdleAfterFirstScreen } from '../../../src/ui/when-idle';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  firstScreenSettled();
  vi.useRealTimers();
});

it('holds idle work while the first screen’s data is on its way, and runs it once that is in', async () => {
  firstScreenPending();
  const task = vi.fn();
  whenIdleAfterFirstScreen(task);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(task).not.toHaveBeenCalled();
  firstScreenSettled();
  await vi.advanceTimersByTimeAsync(2_000);
  expect(task).toHaveBeenCalledOnce();
});

it('runs idle work as before when no first screen is pending (a screen opened later, the tests)', async () => {
  const task = vi.fn();
  whenIdleAfterFirstScreen(task);
  await vi.advanceTimersByTimeAsync(2_000);
  expect(task).toHaveBeenCalledOnce();
});
