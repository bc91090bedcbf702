// The app machine: restore the persisted api cache, show the guests the splash while the first screen warms up (the staff
// console opens straight to its screen), then hand over to the router.
import { fromPromise, setup } from 'xstate';

const appSetup = setup({
  actors: {
    /** Restores the persisted api cache; it must honour the abort signal, so a late restore cannot fill the cache after the timeout. */
    restoreCache: fromPromise<void>(async () => {}),
    /** Fetches what the first screen needs and its code while the splash shows. */
    warmUp: fromPromise<void>(async () => {}),
  },
  guards: {
    /** Whether this load opens the staff console: the specification's splash is the guests' app, not the console's. */
    opensConsole: () => false,
    /**
     * Whether the guest has watched the loader for the whole splash already (index.html's still frame, on a network so
     * slow that the entry arrived after it): the splash would only flash by.
     */
    splashSpent: () => false,
  },
  delays: {
    rehydrateTimeout: 5000,
    /** The splash's length; the app provides what is left of 3 s since the loader first showed (splash-delay.ts). */
    splash: 3000,
  },
  actions: {
    /** A performance mark per phase (`app:splash`, `app:ready`): visible in DevTools, and what the benchmark measures from. */
    markPhase: (_, params: { phase: 'splash' | 'ready' }) => {
      performance.mark(`app:${params.phase}`);
    },
    reportRestoreTimeout: () => {
      console.warn('Restoring the saved menu data took longer than 5 s; starting with an empty cache.');
    },
    reportRestoreFailure: (_, params: { error: unknown }) => {
      console.error('The saved menu data could not be restored; starting with an empty cache.', params.error);
    },
    reportWarmUpFailure: (_, params: { error: unknown }) => {
      // Not fatal: the screen fetches again when it mounts and shows its own error state.
      console.warn('Preparing the first screen during the splash failed.', params.error);
    },
  },
});

/**
 * The splash's time, drawn or not: the first screen's data and code are fetched meanwhile, and the router follows when
 * what is left of 3 s since the navigation has passed, whether or not they are in.
 */
const untilTheSplashEnds = {
  invoke: {
    id: 'warmUp',
    src: 'warmUp',
    onError: {
      actions: {
        type: 'reportWarmUpFailure',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  },
  after: { splash: 'ready' },
} as const;

export const appMachine = appSetup.createMachine({
  id: 'app',
  description: 'Boot sequence of the app: rehydrate, splash, ready.',
  initial: 'rehydrating',
  states: {
    rehydrating: {
      description:
        'Restoring the persisted api cache; nothing is rendered (the static picture of index.html stays up).',
      invoke: {
        id: 'restoreCache',
        src: 'restoreCache',
        onDone: 'choosingFirstScreen',
        onError: {
          target: 'choosingFirstScreen',
          actions: { type: 'reportRestoreFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      after: {
        rehydrateTimeout: { target: 'choosingFirstScreen', actions: 'reportRestoreTimeout' },
      },
    },
    choosingFirstScreen: {
      description:
        'The cache is as restored as it will be: guests get the splash, unless its time is spent; the staff console its own screen.',
      always: [
        { guard: 'opensConsole', target: 'opening' },
        { guard: 'splashSpent', target: 'catchingUp' },
        { target: 'splash' },
      ],
    },
    opening: {
      description:
        'The staff console: its code and data load with index.html’s still picture up, then it shows at once, without the splash’s 3 s.',
      invoke: {
        id: 'warmUp',
        src: 'warmUp',
        onDone: 'ready',
        onError: {
          target: 'ready',
          actions: { type: 'reportWarmUpFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    catchingUp: {
      description:
        'The guest has watched index.html’s still picture for the splash’s 3 s already (the entry came late, on a slow network): nothing is drawn over it, and the router follows at once, as after the splash.',
      ...untilTheSplashEnds,
    },
    splash: {
      description:
        'The loader shows until it has been up for the splash delay (index.html’s still frame counts) while the first screen’s data and code are fetched.',
      entry: { type: 'markPhase', params: { phase: 'splash' } },
      ...untilTheSplashEnds,
    },
    ready: {
      description: 'The router is rendered; the boot sequence is over.',
      entry: { type: 'markPhase', params: { phase: 'ready' } },
    },
  },
});
