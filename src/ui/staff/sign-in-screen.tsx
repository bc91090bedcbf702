// The console's sign-in form: name and password, with a plain-words reason when it does not work.
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useEffect, type FormEvent } from 'react';
import { restaurantQuery } from '../../api/queries';
import { ApiError } from '../../api/errors';
import {
  StaffSessionContext,
  selectLastName,
  selectSignInProblem,
  selectStaffPhase,
} from '../../machines/staff-session.context';
import type { SignInProblem } from '../../machines/staff-session.machine';
import { CurrentPasswordField } from './current-password-field';

/** The provider refused the app's own token: no password can help, whoever types it. */
const NOT_SET_UP =
  'This app is not set up to talk to the restaurant: the provider refused its access token. Ask whoever runs the ' +
  'restaurant’s server to serve the app from it, or to build it with the provider’s token (PROVIDER_TOKEN).';

const PROBLEMS: Record<SignInProblem, string> = {
  bad_credentials: 'That name and password do not match. Check both and try again.',
  refused_token: NOT_SET_UP,
  too_many_attempts:
    'Too many failed attempts: wait a moment before the next (the wait grows with each failure), or ask a manager to reset your password.',
  unreachable: 'The restaurant’s server could not be reached. Check the connection and try again.',
};

export function SignInScreen() {
  const actor = StaffSessionContext.useActorRef();
  const phase = StaffSessionContext.useSelector(selectStaffPhase);
  const problem = StaffSessionContext.useSelector(selectSignInProblem);
  const lastName = StaffSessionContext.useSelector(selectLastName);
  const busy = phase === 'signingIn';
  // The profile's read carries only the app's token: its 401 says so before anyone types a password.
  const profile = useQuery(restaurantQuery());
  const refused = profile.error instanceof ApiError && profile.error.status === 401 && problem !== 'refused_token';
  const errorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // After a refusal the password is what to fix (or retype); a fresh form starts on the name.
  useEffect(() => {
    if (phase !== 'signedOut' && phase !== 'expired') return;
    if (problem || lastName) passwordRef.current?.focus();
    else nameRef.current?.focus();
  }, [phase, problem, lastName]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (passwordRef.current) passwordRef.current.value = '';
    actor.send({ type: 'staff.signIn', name, password });
  }

  return (
    <div className="staff-signin">
      <form className="staff-signin__form" onSubmit={submit} aria-describedby={problem ? errorId : undefined}>
        <h1>Restaurant console</h1>
        {refused && (
          <p className="staff-error" role="alert">
            {NOT_SET_UP}
          </p>
        )}
        {phase === 'expired' && (
          <p className="staff-note" role="status">
            Your session has ended. Sign in again to go on.
          </p>
        )}
        {phase === 'unreachable' && (
          <p className="staff-note" role="status">
            Could not check whether you are signed in.{' '}
            <button type="button" className="staff-link" onClick={() => actor.send({ type: 'staff.retry' })}>
              Try again
            </button>
          </p>
        )}
        <label className="staff-field">
          <span>Name</span>
          <input ref={nameRef} name="name" autoComplete="username" required defaultValue={lastName} disabled={busy} />
        </label>
        <CurrentPasswordField inputRef={passwordRef} disabled={busy} />
        {problem && (
          <p id={errorId} className="staff-error" role="alert">
            {PROBLEMS[problem]}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
