// React access to the staff session machine, with the selectors the console reads.
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { staffSessionMachine } from './staff-session.machine';

export const StaffSessionContext = createActorContext(staffSessionMachine);

type Snapshot = SnapshotFrom<typeof staffSessionMachine>;

export type StaffPhase = 'checking' | 'unreachable' | 'signedOut' | 'signingIn' | 'signedIn' | 'expired' | 'signingOut';

/** The top-level state: warning or renewing, the console is still signed in. */
export const selectStaffPhase = (snapshot: Snapshot): StaffPhase =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as StaffPhase;
export const selectStaffSession = (snapshot: Snapshot) => snapshot.context.session;
export const selectIsManager = (snapshot: Snapshot) => snapshot.context.session?.role === 'manager';
/** The front of house (the floor, requests, the till) is for waiters and managers; cooks keep to the kitchen. */
export const selectWorksTheFloor = (snapshot: Snapshot) =>
  snapshot.context.session?.role === 'manager' || snapshot.context.session?.role === 'waiter';
export const selectSignInProblem = (snapshot: Snapshot) => snapshot.context.problem;
export const selectLastName = (snapshot: Snapshot) => snapshot.context.name;

/**
 * While the session is about to end: when it ends, whether the password is on its way, and why the last try did not
 * work. Null otherwise.
 */
export const selectSessionWarning = (snapshot: Snapshot) =>
  snapshot.matches({ signedIn: 'ending' }) || snapshot.matches({ signedIn: 'renewing' })
    ? {
        endsAt: snapshot.context.session?.expires_at ?? '',
        renewing: snapshot.matches({ signedIn: 'renewing' }),
        problem: snapshot.context.problem,
      }
    : null;
