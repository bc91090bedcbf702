// Runs the staff session machine with the real calls, and lets any screen report a call that found the session gone.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../api/errors';
import type { StaffSession } from '../../../contract/staff';
import { getStaffSession, signIn, signOut } from '../../api/staff-calls';
import { StaffSessionContext } from '../../machines/staff-session.context';
import { staffSessionMachine, type SignInInput } from '../../machines/staff-session.machine';

const failure = (error: unknown) =>
  error instanceof ApiError ? { status: error.status, code: error.code } : { status: undefined };

const consoleSessionMachine = (queryClient: QueryClient) =>
  staffSessionMachine.provide({
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
  });

export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const logic = useMemo(() => consoleSessionMachine(queryClient), [queryClient]);
  return <StaffSessionContext.Provider logic={logic}>{children}</StaffSessionContext.Provider>;
}

/**
 * A staff call that answered 401 means the session ended on the server, unless it was a password that did not match
 * (`bad_credentials`: changing one's own password checks the current one).
 */
export const isSessionEnded = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.code !== 'bad_credentials';

/** The console then asks to sign in again. */
export function useSessionEndedOn(error: unknown) {
  const actor = StaffSessionContext.useActorRef();
  useEffect(() => {
    if (isSessionEnded(error)) actor.send({ type: 'staff.sessionEnded' });
  }, [actor, error]);
}
