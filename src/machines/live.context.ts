// The live machine's selector. Its effects on the query cache are injected in guest-root.ts (the console's, in
// staff-root.ts); the guests' machine is loaded with them once the first screen is up.
import type { SnapshotFrom } from 'xstate';
import type { liveMachine } from './live.machine';

export type LiveMode = 'connecting' | 'live' | 'reconnecting' | 'polling';

export function selectLiveMode(snapshot: SnapshotFrom<typeof liveMachine>): LiveMode {
  if (snapshot.matches({ streaming: 'live' })) return 'live';
  if (snapshot.matches('streaming')) return 'connecting';
  if (snapshot.matches('reconnecting')) return 'reconnecting';
  return 'polling';
}
