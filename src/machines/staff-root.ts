// The console's composition root: the staff session and the staff live stream with their effects, built once per console.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { StaffSession } from '../../contract/staff';
import { ApiError } from '../api/errors';
import { refetchStaffLiveQueries, writeStaffLiveMessage } from '../api/staff-live-cache';
import { getStaffSession, signIn, signOut } from '../api/staff-calls';
import { liveMachine, streamFrom } from './live.machine';
import { staffSessionMachine, type SignInInput } from './staff-session.machine';

const failure = (error: unknown) =>
  error instanceof ApiError ? { status: error.status, code: error.code } : { status: undefined };

/**
 * A staff call that answered 401 means the session ended on the server, unless it was a password that did not match
 * (`bad_credentials`: changing one's own password checks the current one).
 */
export const isSessionEnded = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.code !== 'bad_credentials';

/**
 * The console is a bundle of its own that no guest downloads (dependency-cruiser's guests-never-reach-the-console), so
 * its machines are composed here and not in guest-root.ts: the guests' root would otherwise bring the staff calls.
 */
export function createStaffRoot(queryClient: QueryClient) {
  return {
    session: staffSessionMachine.provide({
      actors: {
        checkSession: fromPromise<StaffSession>(({ signal }) =>
          getStaffSession({ signal }).catch((error: unknown) => Promise.reject(failure(error))),
        ),
        signIn: fromPromise<StaffSession, SignInInput>(({ input, signal }) =>
          signIn(input, { signal }).catch((error: unknown) => Promise.reject(failure(error))),
        ),
        signOut: fromPromise<void>(({ signal }) => signOut({ signal })),
      },
      actions: {
        // Only the answers that said the session had ended: the rest of the cache is still good for the new session.
        forgetSessionEndedErrors: () =>
          queryClient.removeQueries({ predicate: (query) => isSessionEnded(query.state.error) }),
      },
    }),
    /**
     * The same states as the guests' live machine (connecting, live, reconnecting with back-off, polling for good on a
     * 404), on the staff stream (the session cookie). It never follows one order: `staff/events` carries every order's.
     */
    live: liveMachine.provide({
      actors: { stream: streamFrom('staff/events') },
      actions: {
        applyMessage: (_, { message }) => writeStaffLiveMessage(queryClient, message),
        refetchAll: () => refetchStaffLiveQueries(queryClient),
        refetchOrder: () => refetchStaffLiveQueries(queryClient),
      },
    }),
  };
}

export type StaffRoot = ReturnType<typeof createStaffRoot>;
