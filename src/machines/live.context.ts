// The live machine's selector, and the machine wired to the query cache.
import type { QueryClient } from '@tanstack/react-query';
import type { SnapshotFrom } from 'xstate';
import { refetchLiveQueries, writeLiveMessage } from '../api/live-cache';
import { queryKeys } from '../api/queries';
import { liveMachine } from './live.machine';

export type LiveMode = 'connecting' | 'live' | 'reconnecting' | 'polling';

export function selectLiveMode(snapshot: SnapshotFrom<typeof liveMachine>): LiveMode {
  if (snapshot.matches({ streaming: 'live' })) return 'live';
  if (snapshot.matches('streaming')) return 'connecting';
  if (snapshot.matches('reconnecting')) return 'reconnecting';
  return 'polling';
}

/** The machine with its effects on `queryClient`: what the app starts, once, for every screen. */
export function createLiveLogic(queryClient: QueryClient) {
  return liveMachine.provide({
    actions: {
      applyMessage: (_, { message }) => writeLiveMessage(queryClient, message),
      refetchAll: (_, { orderID }) => refetchLiveQueries(queryClient, orderID),
      refetchOrder: (_, { orderID }) => void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderID) }),
    },
  });
}
