// The console's live machine: the live machine on `staff/events` (the session cookie), writing into the staff queries.
import type { QueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { refetchStaffLiveQueries, writeStaffLiveMessage } from '../api/staff-live-cache';
import { liveMachine, streamFrom } from './live.machine';

export const StaffLiveMachineContext = createActorContext(liveMachine);

/**
 * The same states as the guests' (connecting, live, reconnecting with back-off, polling for good on a 404), on the
 * staff stream. It never follows one order: `staff/events` carries every order's events.
 */
export function createStaffLiveLogic(queryClient: QueryClient) {
  return liveMachine.provide({
    actors: { stream: streamFrom('staff/events') },
    actions: {
      applyMessage: (_, { message }) => writeStaffLiveMessage(queryClient, message),
      refetchAll: () => refetchStaffLiveQueries(queryClient),
      refetchOrder: () => refetchStaffLiveQueries(queryClient),
    },
  });
}
