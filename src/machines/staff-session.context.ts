// React access to the staff session machine, with the selectors the console reads.
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { staffSessionMachine } from './staff-session.machine';

export const StaffSessionContext = createActorContext(staffSessionMachine);

type Snapshot = SnapshotFrom<typeof staffSessionMachine>;

export type StaffPhase = 'checking' | 'unreachable' | 'signedOut' | 'signingIn' | 'signedIn' | 'expired' | 'signingOut';

export const selectStaffPhase = (snapshot: Snapshot): StaffPhase => snapshot.value as StaffPhase;
export const selectStaffSession = (snapshot: Snapshot) => snapshot.context.session;
export const selectIsManager = (snapshot: Snapshot) => snapshot.context.session?.role === 'manager';
/** The front of house (the floor, requests, the till) is for waiters and managers; cooks keep to the kitchen. */
export const selectWorksTheFloor = (snapshot: Snapshot) =>
  snapshot.context.session?.role === 'manager' || snapshot.context.session?.role === 'waiter';
export const selectSignInProblem = (snapshot: Snapshot) => snapshot.context.problem;
export const selectLastName = (snapshot: Snapshot) => snapshot.context.name;
