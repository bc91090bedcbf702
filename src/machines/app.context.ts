// React access to the app machine, with the selectors the UI reads.
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { appMachine } from './app.machine';

export const AppMachineContext = createActorContext(appMachine);

type AppSnapshot = SnapshotFrom<typeof appMachine>;

export type AppPhase = 'rehydrating' | 'opening' | 'catchingUp' | 'splash' | 'ready';

export const selectPhase = (snapshot: AppSnapshot): AppPhase =>
  snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('splash')
      ? 'splash'
      : snapshot.matches('opening')
        ? 'opening'
        : snapshot.matches('catchingUp')
          ? 'catchingUp'
          : 'rehydrating';
