// React access to the live machine and its selector (its effects on the query cache are injected in guest-root.ts).
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { liveMachine } from './live.machine';

export const LiveMachineContext = createActorContext(liveMachine);

export type LiveMode = 'connecting' | 'live' | 'reconnecting' | 'polling';

export function selectLiveMode(snapshot: SnapshotFrom<typeof liveMachine>): LiveMode {
  if (snapshot.matches({ streaming: 'live' })) return 'live';
  if (snapshot.matches('streaming')) return 'connecting';
  if (snapshot.matches('reconnecting')) return 'reconnecting';
  return 'polling';
}
