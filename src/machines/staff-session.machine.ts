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
  /** The name last typed, or the ended session's: the form is filled with it again after a session ends. */
  name: string;
}

export type StaffSessionEvent =
  | ({ type: 'staff.signIn' } & SignInInput)
  | { type: 'staff.signOut' }
  /** Any staff call answered 401: the session ended on the server (expired, removed, or signed out elsewhere). */
  | { type: 'staff.sessionEnded' }
  | { type: 'staff.retry' }
  /**
   * The warning's "Stay signed in": the provider's sessions neither slide nor renew, so the password opens a new one
   * for the same person, and the screen stays as it is.
   */
  | { type: 'staff.staySignedIn'; password: string };

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

/** How long before the session's end the console warns, long enough to finish a ticket and type a password. */
export const SESSION_WARNING_MS = 5 * 60_000;

/** Milliseconds from now until `at` (epoch milliseconds), at once if past or unknown, within what a timer can wait. */
const msUntil = (at: number) => Math.min(2 ** 31 - 1, Math.max(0, at - Date.now() || 0));
const endOf = (context: StaffSessionContext) => Date.parse(context.session?.expires_at ?? '');

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
    /**
     * The session ended without signing out: the form is filled with the person's name (also after a reload, when
     * nothing was typed), and a renewal's refusal, which belonged to the warning, is not carried over.
     */
    endSession: assign({
      name: ({ context }) => context.session?.name ?? context.name,
      session: null,
      problem: null,
    }),
    /**
     * Once a new session is open, answers that said the old one had ended no longer hold: the composition root drops
     * them from the cache, so a screen coming back does not read its last 401 and end the new session too.
     */
    forgetSessionEndedErrors: () => {},
    rememberName: assign({
      name: ({ context, event }) => (event.type === 'staff.signIn' ? event.name : context.name),
      problem: null,
    }),
    // A second refusal in a row is said (and focused) again.
    forgetProblem: assign({ problem: null }),
    noteProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
  },
  delays: {
    /** Until the session's own end, so an idle console shows it has expired instead of failing on the next tap. */
    untilExpiry: ({ context }) => msUntil(endOf(context)),
    /** Until the warning's lead time before that end (at once when less is left). */
    untilWarning: ({ context }) => msUntil(endOf(context) - SESSION_WARNING_MS),
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
        onDone: { target: 'signedIn', actions: ['keepSession', 'forgetSessionEndedErrors'] },
        onError: { target: 'signedOut', actions: 'noteProblem' },
      },
    },
    signedIn: {
      description: 'The console is open with this person’s role; a 401 from any call or the expiry time ends it.',
      after: { untilExpiry: { target: 'expired', actions: 'endSession' } },
      on: {
        'staff.signOut': 'signingOut',
        'staff.sessionEnded': { target: 'expired', actions: 'endSession' },
      },
      initial: 'working',
      states: {
        working: {
          description: 'More than the warning’s lead time is left: nothing about the session shows.',
          after: { untilWarning: 'ending' },
        },
        ending: {
          description: 'The session ends in a few minutes: the console warns, and the password keeps it going.',
          on: { 'staff.staySignedIn': { target: 'renewing', actions: 'forgetProblem' } },
        },
        renewing: {
          description: 'Opening a new session for the same person with the password; the screen stays as it is.',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context, event }) => ({
              name: context.session?.name ?? context.name,
              password: event.type === 'staff.staySignedIn' ? event.password : '',
            }),
            // Entering signedIn again times the new session's warning and end.
            onDone: { target: '#staffSession.signedIn', actions: 'keepSession' },
            onError: { target: 'ending', actions: 'noteProblem' },
          },
        },
      },
    },
    expired: {
      description: 'The session ended without signing out: the form says so, filled with the person’s name.',
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
