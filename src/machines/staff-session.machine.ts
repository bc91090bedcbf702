// The staff session machine: who is signed in to the restaurant's console, and what happens when the session ends.
import { assign, fromPromise, setup } from 'xstate';
import type { StaffSession } from '../../contract/staff';

/**
 * Why signing in did not work, in words the sign-in form can show. `refused_token`: the provider refused the app's own
 * bearer token before looking at the password (an app built or served with another token than the provider's).
 */
export type SignInProblem = 'bad_credentials' | 'too_many_attempts' | 'refused_token' | 'unreachable';

export interface StaffSessionContext {
  session: StaffSession | null;
  problem: SignInProblem | null;
  /** The name last typed, kept so the form is filled again after a session expires. */
  name: string;
}

export type StaffSessionEvent =
  | ({ type: 'staff.signIn' } & SignInInput)
  | { type: 'staff.signOut' }
  /** Any staff call answered 401: the session ended on the server (expired, removed, or signed out elsewhere). */
  | { type: 'staff.sessionEnded' }
  | { type: 'staff.retry' };

/** What a failed sign-in or session check looked like; the real actors turn ApiErrors into this. */
export interface SessionFailure {
  status?: number;
  code?: string;
}

function problemOf(error: unknown): SignInProblem {
  const { status, code } = (error ?? {}) as SessionFailure;
  if (status === 429 || code === 'too_many_attempts') return 'too_many_attempts';
  if (code === 'bad_credentials' || status === 422) return 'bad_credentials';
  // A 401 without the sign-in's own code is the bearer check, which runs before the password is looked at.
  if (status === 401) return 'refused_token';
  return 'unreachable';
}

export interface SignInInput {
  name: string;
  password: string;
}

// The real calls are provided by the console (staff-session-provider), tests provide their own.
const notProvided = (name: string) => () => Promise.reject(new Error(`${name} was not provided`));

export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
  },
  actors: {
    /** GET staff/session: resolves the session, or rejects (401 when signed out). */
    checkSession: fromPromise<StaffSession>(notProvided('checkSession')),
    signIn: fromPromise<StaffSession, SignInInput>(notProvided('signIn')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  guards: {
    /** The session check's 401 (a refused token answers the same; the sign-in form then finds out which). */
    signedOutOnServer: ({ event }) => {
      const { status } = ((event as { error?: unknown }).error ?? {}) as SessionFailure;
      return status === 401 || status === 422;
    },
  },
  actions: {
    keepSession: assign({
      session: ({ event }) => (event as { output?: StaffSession }).output ?? null,
      problem: null,
    }),
    forgetSession: assign({ session: null }),
    rememberName: assign({
      name: ({ context, event }) => (event.type === 'staff.signIn' ? event.name : context.name),
      problem: null,
    }),
    noteProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
  },
  delays: {
    /** Until the session's own end, so an idle console shows it has expired instead of failing on the next tap. */
    untilExpiry: ({ context }) =>
      Math.min(2 ** 31 - 1, Math.max(0, Date.parse(context.session?.expires_at ?? '') - Date.now() || 0)),
  },
}).createMachine({
  id: 'staffSession',
  description: 'Who is signed in to the restaurant’s console; every staff screen needs a session.',
  context: { session: null, problem: null, name: '' },
  initial: 'checking',
  states: {
    checking: {
      description: 'Asking the provider whether this browser already has a session (the cookie is HttpOnly).',
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: { target: 'signedIn', actions: 'keepSession' },
        onError: [
          { guard: 'signedOutOnServer', target: 'signedOut' },
          { target: 'unreachable', actions: 'noteProblem' },
        ],
      },
    },
    unreachable: {
      description: 'The provider could not say whether we are signed in; Retry asks again.',
      on: { 'staff.retry': 'checking', 'staff.signIn': { target: 'signingIn', actions: 'rememberName' } },
    },
    signedOut: {
      description: 'Nobody is signed in: the sign-in form shows, with the last problem if any.',
      on: { 'staff.signIn': { target: 'signingIn', actions: 'rememberName' } },
    },
    signingIn: {
      description: 'Name and password are on their way; the form is disabled meanwhile.',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) =>
          event.type === 'staff.signIn' ? { name: event.name, password: event.password } : { name: '', password: '' },
        onDone: { target: 'signedIn', actions: 'keepSession' },
        onError: { target: 'signedOut', actions: 'noteProblem' },
      },
    },
    signedIn: {
      description: 'The console is open with this person’s role; a 401 from any call or the expiry time ends it.',
      after: { untilExpiry: { target: 'expired', actions: 'forgetSession' } },
      on: {
        'staff.signOut': 'signingOut',
        'staff.sessionEnded': { target: 'expired', actions: 'forgetSession' },
      },
    },
    expired: {
      description: 'The session ended without signing out: the form says so and keeps the name.',
      on: { 'staff.signIn': { target: 'signingIn', actions: 'rememberName' } },
    },
    signingOut: {
      description: 'Ending the session on the provider; signed out whatever it answers.',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'forgetSession' },
        onError: { target: 'signedOut', actions: 'forgetSession' },
      },
    },
  },
});
