// The staff session machine: every transition of its graph replayed on the real machine, with the provider's answers
// played by controllable promises and the expiry by fake timers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { StaffSession } from '../../../contract/staff';
import {
  SESSION_WARNING_MS,
  staffSessionMachine,
  type SessionFailure,
  type SignInInput,
  type StaffSessionEvent,
} from '../../../src/machines/staff-session.machine';
import { describePath, getTransitionPaths, walkPath } from '../../support/walk-path';

type Snapshot = SnapshotFrom<typeof staffSessionMachine>;
type Answer =
  | { type: 'xstate.done.actor.checkSession' | 'xstate.done.actor.signIn'; output: StaffSession }
  | { type: 'xstate.done.actor.signOut'; output: undefined }
  | { type: `xstate.error.actor.${'checkSession' | 'signIn' | 'signOut'}`; error: SessionFailure }
  | { type: 'xstate.after.untilExpiry.staffSession.signedIn' }
  | { type: 'xstate.after.untilWarning.staffSession.signedIn.working' };

const HOUR = 3_600_000;
const START = Date.parse('2026-11-23T12:00:00.000Z');
const session: StaffSession = { name: 'ines', role: 'kitchen', expires_at: new Date(START + HOUR).toISOString() };
/** The new session "Stay signed in" opens, well past the first one's end. */
const renewed: StaffSession = { ...session, expires_at: new Date(START + 13 * HOUR).toISOString() };

const failures = {
  signedOut: { status: 401, code: 'unauthorized' },
  badCredentials: { status: 401, code: 'bad_credentials' },
  throttled: { status: 429, code: 'too_many_attempts' },
  unreachable: {},
} satisfies Record<string, SessionFailure>;

function events(snapshot: Snapshot): StaffSessionEvent[] {
  const person: StaffSessionEvent[] = [
    { type: 'staff.signIn', name: 'ines', password: 'correct horse' },
    { type: 'staff.signOut' },
    { type: 'staff.sessionEnded' },
    { type: 'staff.retry' },
    { type: 'staff.staySignedIn', password: 'correct horse' },
  ];
  const answers: Answer[] = [];
  if (snapshot.matches('checking')) {
    answers.push(
      { type: 'xstate.done.actor.checkSession', output: session },
      { type: 'xstate.error.actor.checkSession', error: failures.signedOut },
      { type: 'xstate.error.actor.checkSession', error: failures.unreachable },
    );
  }
  if (snapshot.matches({ signedIn: 'renewing' })) {
    // Renewing the renewed session is the same transition again, and would end where it began.
    if (snapshot.context.session?.expires_at === session.expires_at) {
      answers.push({ type: 'xstate.done.actor.signIn', output: renewed });
    }
    answers.push(...Object.values(failures).map((error): Answer => ({ type: 'xstate.error.actor.signIn', error })));
  }
  if (snapshot.matches('signingIn')) {
    answers.push(
      { type: 'xstate.done.actor.signIn', output: session },
      ...Object.values(failures).map((error): Answer => ({ type: 'xstate.error.actor.signIn', error })),
    );
  }
  if (snapshot.matches('signingOut')) {
    answers.push(
      { type: 'xstate.done.actor.signOut', output: undefined },
      { type: 'xstate.error.actor.signOut', error: failures.unreachable },
    );
  }
  if (snapshot.matches('signedIn')) {
    answers.push(
      { type: 'xstate.after.untilWarning.staffSession.signedIn.working' },
      { type: 'xstate.after.untilExpiry.staffSession.signedIn' },
    );
  }
  // The graph sends them as they are; the machine's own event type does not list actor answers.
  return [...person, ...(answers as unknown as StaffSessionEvent[])];
}

const never = <T>() => new Promise<T>(() => {});
const model = staffSessionMachine.provide({
  actors: {
    checkSession: fromPromise<StaffSession>(never),
    signIn: fromPromise<StaffSession, SignInInput>(never),
    signOut: fromPromise<void>(never),
  },
});
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    problem: snapshot.context.problem,
    name: snapshot.context.name,
    session: snapshot.context.session?.name ?? null,
    // A renewed session is another state of the graph: its timers run to another end.
    until: snapshot.context.session?.expires_at ?? null,
  });

function harness() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const signIns: SignInInput[] = [];
  const call =
    <T>(name: string) =>
    () =>
      new Promise<T>((resolve, reject) => pending.set(name, { resolve: resolve as (value: unknown) => void, reject }));
  const logic = staffSessionMachine.provide({
    actors: {
      checkSession: fromPromise<StaffSession>(call('checkSession')),
      signIn: fromPromise<StaffSession, SignInInput>(({ input }) => {
        signIns.push(input);
        return call<StaffSession>('signIn')();
      }),
      signOut: fromPromise<void>(call('signOut')),
    },
  });
  return { actor: createActor(logic), pending, signIns };
}

describe('staff session machine, model-based', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const paths = getTransitionPaths(model, { events, serializeState });

  it('reaches every state', () => {
    const value = (path: (typeof paths)[number]) =>
      typeof path.state.value === 'string' ? path.state.value : JSON.stringify(path.state.value);
    expect(new Set(paths.map(value))).toEqual(
      new Set([
        'checking',
        'unreachable',
        'signedOut',
        'signingIn',
        '{"signedIn":"working"}',
        '{"signedIn":"ending"}',
        '{"signedIn":"renewing"}',
        'expired',
        'signingOut',
      ]),
    );
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      vi.useFakeTimers({ now: START });
      const { actor, pending, signIns } = harness();
      actor.start();
      await walkPath(path, {
        perform: async (event) => {
          const type = event.type as string;
          const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
          if (answer) {
            const [, outcome, name = ''] = answer;
            const promise = pending.get(name);
            if (!promise) throw new Error(`No ${name} call is waiting`);
            pending.delete(name);
            if (outcome === 'done') promise.resolve((event as { output?: unknown }).output);
            else promise.reject((event as { error?: unknown }).error);
          } else if (type.startsWith('xstate.after.')) {
            // To the session's end, or to the warning's lead time before it.
            const end = Date.parse(actor.getSnapshot().context.session?.expires_at ?? '');
            const at = type.includes('untilWarning') ? end - SESSION_WARNING_MS : end;
            await vi.advanceTimersByTimeAsync(Math.max(0, at - Date.now()));
          } else {
            actor.send(event);
          }
          await vi.advanceTimersByTimeAsync(0);
        },
        verify: (expected) => {
          const real = actor.getSnapshot();
          expect(real.value).toEqual(expected.value);
          expect(real.context.problem).toBe(expected.context.problem);
          expect(real.context.name).toBe(expected.context.name);
          expect(real.context.session).toEqual(expected.context.session);
        },
      });
      // Every sign-in sent what was typed.
      for (const input of signIns) expect(input).toEqual({ name: 'ines', password: 'correct horse' });
      actor.stop();
    });
  }
});

describe('staff session machine, by example', () => {
  it('tells a wrong password, a refused app token, a lock-out and an unreachable provider apart', async () => {
    for (const [failure, problem] of [
      [failures.badCredentials, 'bad_credentials'],
      // The bearer check's 401 (code `unauthorized`) comes before the password is looked at: not a wrong password.
      [failures.signedOut, 'refused_token'],
      [failures.throttled, 'too_many_attempts'],
      [failures.unreachable, 'unreachable'],
    ] as const) {
      const { actor, pending } = harness();
      actor.start();
      pending.get('checkSession')?.reject(failures.signedOut);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
      actor.send({ type: 'staff.signIn', name: 'ines', password: 'wrong' });
      pending.get('signIn')?.reject(failure);
      await vi.waitFor(() => expect(actor.getSnapshot().context.problem).toBe(problem));
      expect(actor.getSnapshot().value).toBe('signedOut');
      actor.stop();
    }
  });
});
