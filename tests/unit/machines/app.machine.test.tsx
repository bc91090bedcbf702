// The app machine: every path of its graph replayed on the real machine with injected actors, checked on screen; then the real delays.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AppMachineContext } from '../../../src/machines/app.context';
import { appMachine } from '../../../src/machines/app.machine';
import { splashDelay } from '../../../src/ui/loader/splash-delay';
import { BootScreen } from '../../../src/ui/shell/boot-screen';
import { describePath, getTransitionPaths, walkPath } from '../../support/walk-path';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The machine with controllable fakes for both side effects; `delays` as given (zero in model tests). */
function bootHarness(
  delays?: { rehydrateTimeout: number; splash: number },
  { console: opensConsole = false, splashSpent = false } = {},
) {
  const restore = deferred();
  const warmUp = deferred();
  const calls = { restoreSignal: undefined as AbortSignal | undefined, warmUpStarted: 0 };
  const logic = appMachine.provide({
    actors: {
      restoreCache: fromPromise(({ signal }) => {
        calls.restoreSignal = signal;
        return restore.promise;
      }),
      warmUp: fromPromise(() => {
        calls.warmUpStarted += 1;
        return warmUp.promise;
      }),
    },
    guards: { opensConsole: () => opensConsole, splashSpent: () => splashSpent },
    ...(delays ? { delays } : {}),
  });
  const view = render(
    <AppMachineContext.Provider logic={logic}>
      <BootScreen app={<p>The app is ready</p>} />
    </AppMachineContext.Provider>,
  );
  return { view, restore, warmUp, calls };
}

const flush = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('app machine, model-based (zero delays)', () => {
  const paths = getTransitionPaths(appMachine, { serializeState: (snapshot) => JSON.stringify(snapshot.value) });

  it('covers every state a guest’s load goes through', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['splash', 'ready']));
    expect(paths.map((path) => path.steps.at(-1)?.event.type)).toEqual(
      expect.arrayContaining([
        'xstate.done.actor.restoreCache',
        'xstate.error.actor.restoreCache',
        'xstate.after.rehydrateTimeout.app.rehydrating',
        'xstate.after.splash.app.splash',
        'xstate.error.actor.warmUp',
      ]),
    );
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      const harness = bootHarness({ rehydrateTimeout: 0, splash: 0 });
      await walkPath(path, {
        perform: async (event) => {
          switch (event.type) {
            case 'xstate.done.actor.restoreCache':
              harness.restore.resolve();
              await flush();
              break;
            case 'xstate.error.actor.restoreCache':
              harness.restore.reject(new Error('corrupt cache'));
              await flush();
              expect(console.error).toHaveBeenCalledWith(
                expect.stringContaining('could not be restored'),
                expect.any(Error),
              );
              break;
            case 'xstate.after.rehydrateTimeout.app.rehydrating':
              await act(() => vi.advanceTimersByTime(0));
              expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('longer than 5 s'));
              expect(harness.calls.restoreSignal?.aborted).toBe(true);
              break;
            case 'xstate.error.actor.warmUp':
              harness.warmUp.reject(new Error('offline'));
              await flush();
              expect(console.warn).toHaveBeenCalledWith(
                expect.stringContaining('Preparing the first screen'),
                expect.any(Error),
              );
              break;
            case 'xstate.after.splash.app.splash':
              await act(() => vi.advanceTimersByTime(0));
              break;
            default:
              throw new Error(`The test does not know how to cause ${event.type}`);
          }
        },
        verify: (modelState) => {
          const { container } = harness.view;
          switch (modelState.value) {
            case 'rehydrating':
              expect(container).toBeEmptyDOMElement();
              break;
            case 'splash':
              expect(screen.getByTestId('splash')).toBeInTheDocument();
              expect(screen.queryByText('The app is ready')).not.toBeInTheDocument();
              expect(harness.calls.warmUpStarted).toBe(1);
              break;
            case 'ready':
              expect(screen.getByText('The app is ready')).toBeInTheDocument();
              expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
              break;
          }
        },
      });
    });
  }
});

describe('app machine timing', () => {
  it('gives the restore 5 s, then goes on with an empty cache and a warning', async () => {
    const { view, calls } = bootHarness();
    await act(() => vi.advanceTimersByTime(4999));
    expect(view.container).toBeEmptyDOMElement();
    expect(console.warn).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('longer than 5 s'));
    // The late restore is told to give up, so it cannot fill the cache after the app moved on.
    expect(calls.restoreSignal?.aborted).toBe(true);
  });

  it('shows the splash for exactly 3 s after the restore, and marks both phases for the performance timeline', async () => {
    performance.clearMarks();
    const { restore } = bootHarness();
    await act(() => vi.advanceTimersByTime(1200));
    restore.resolve();
    await flush();
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('The app is ready')).toBeInTheDocument();
    expect(performance.getEntriesByName('app:splash', 'mark')).toHaveLength(1);
    expect(performance.getEntriesByName('app:ready', 'mark')).toHaveLength(1);
  });

  it('counts the splash’s 3 s from when the guest opened the page, not from when the script took over', async () => {
    // The entry and the restore took 1.2 s to arrive after the navigation (a slow network).
    const timeline = { now: () => 1200 };
    render(
      <AppMachineContext.Provider
        logic={appMachine.provide({
          actors: { restoreCache: fromPromise(async () => {}), warmUp: fromPromise(async () => {}) },
          delays: { splash: () => splashDelay(timeline) },
        })}
      >
        <BootScreen app={<p>The app is ready</p>} />
      </AppMachineContext.Provider>,
    );
    await flush();
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(1799));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('The app is ready')).toBeInTheDocument();
  });

  it('shows what is left of 3 s since the navigation, and none once they have passed', () => {
    const at = (now: number) => ({ now: () => now });
    expect(splashDelay(at(0))).toBe(3000);
    expect(splashDelay(at(1000))).toBe(2000);
    expect(splashDelay(at(4000))).toBe(0);
  });

  it('does not wait for the warm-up, and a failed warm-up only logs', async () => {
    const { restore, warmUp } = bootHarness();
    restore.resolve();
    await flush();
    warmUp.reject(new Error('offline'));
    await flush();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Preparing the first screen'), expect.any(Error));
    await act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('The app is ready')).toBeInTheDocument();
  });

  it('does not cut the splash short when the warm-up finishes early', async () => {
    const { restore, warmUp } = bootHarness();
    restore.resolve();
    await flush();
    warmUp.resolve();
    await flush();
    await act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
  });
});

describe('the staff console', () => {
  it('opens straight to its screen once its code is in, without the splash or its 3 s', async () => {
    const { view, restore, warmUp, calls } = bootHarness(undefined, { console: true });
    restore.resolve();
    await flush();
    // Its code is still loading: index.html's still picture stays up (React renders nothing), never the splash.
    expect(view.container).toBeEmptyDOMElement();
    expect(calls.warmUpStarted).toBe(1);
    warmUp.resolve();
    await flush();
    expect(screen.getByText('The app is ready')).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });

  it('opens even when preparing it failed: the screen fetches again itself', async () => {
    const { restore, warmUp } = bootHarness(undefined, { console: true });
    restore.resolve();
    await flush();
    warmUp.reject(new Error('offline'));
    await flush();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Preparing the first screen'), expect.any(Error));
    expect(screen.getByText('The app is ready')).toBeInTheDocument();
  });
});

describe('a guest whose entry arrived after the splash’s 3 s (a slow network)', () => {
  it('draws no splash over the still picture, and hands over to the router as after the splash', async () => {
    performance.clearMarks();
    const { view, restore, calls } = bootHarness({ rehydrateTimeout: 5000, splash: 0 }, { splashSpent: true });
    restore.resolve();
    await flush();
    // The guest has watched index.html's still picture for 3 s: the splash would only flash by before the menu.
    expect(view.container).toBeEmptyDOMElement();
    expect(calls.warmUpStarted).toBe(1);
    // Without waiting for the warm-up, as the splash's end does not.
    await act(async () => vi.advanceTimersByTime(0));
    expect(screen.getByText('The app is ready')).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(performance.getEntriesByName('app:splash', 'mark')).toHaveLength(0);
    expect(performance.getEntriesByName('app:ready', 'mark')).toHaveLength(1);
  });
});
