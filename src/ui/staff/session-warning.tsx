// The warning a few minutes before a staff session ends, where the password keeps it going without leaving the screen.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAnnounce } from '../feedback/live-announcer';
import { StaffSessionContext, selectSessionWarning, selectStaffSession } from '../../machines/staff-session.context';
import type { SignInProblem } from '../../machines/staff-session.machine';
import { CurrentPasswordField } from './current-password-field';

const PROBLEMS: Record<SignInProblem, string> = {
  bad_credentials: 'That is not your password. Type it again.',
  too_many_attempts: 'Too many failed attempts: wait a moment before the next, or sign in again once the session ends.',
  refused_token: 'The restaurant’s server refused this app. Ask whoever runs it.',
  unreachable: 'The restaurant’s server could not be reached. Check the connection and try again.',
};

/** The clock time a session ends, as the tickets show times (24-hour, the console's language). */
const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

export function SessionWarning() {
  const actor = StaffSessionContext.useActorRef();
  const warning = StaffSessionContext.useSelector(selectSessionWarning, sameWarning);
  const session = StaffSessionContext.useSelector(selectStaffSession);
  const announce = useAnnounce();
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const problem = warning?.problem ?? null;
  // Adjusted while rendering (React's pattern for state that follows a prop): the end the warning was about, and a
  // session that outlasts it once the warning is gone, which was renewed (any other way out unmounts this).
  const [warnedEnd, setWarnedEnd] = useState<string | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  if (warning && warning.endsAt !== warnedEnd) setWarnedEnd(warning.endsAt);
  if (!warning && warnedEnd) {
    setWarnedEnd(null);
    if (session && session.expires_at !== warnedEnd) setRenewedUntil(session.expires_at);
  }

  useEffect(() => {
    if (problem) passwordRef.current?.focus();
  }, [problem]);

  useEffect(() => {
    if (!renewedUntil) return;
    announce(`You stay signed in until ${clockTime(renewedUntil)}.`);
    // The form the person was typing in is gone: back to the screen they were on, where it was.
    if (!document.activeElement || document.activeElement === document.body) {
      document.getElementById('staff-main')?.focus({ preventScroll: true });
    }
  }, [renewedUntil, announce]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (passwordRef.current) passwordRef.current.value = '';
    actor.send({ type: 'staff.staySignedIn', password });
  }

  // The status stays in the page so screen readers hear the warning arrive, not a region appearing.
  return (
    <div className={warning ? 'session-warning' : undefined}>
      <p role="status" className={warning ? 'session-warning__text' : 'visually-hidden'}>
        {warning &&
          `Your session ends at ${clockTime(warning.endsAt)}. Type your password to stay signed in; what is on the ` +
            'screen stays as it is.'}
      </p>
      {warning && (
        <form className="session-warning__form" aria-label="Stay signed in" onSubmit={submit}>
          {/* Whose password it is, for password managers; the person sees their name in the header. */}
          <input name="username" autoComplete="username" value={session?.name ?? ''} readOnly hidden />
          <CurrentPasswordField
            inputRef={passwordRef}
            disabled={warning.renewing}
            errorId={problem ? errorId : undefined}
          />
          <button type="submit" className="staff-button staff-button--primary" disabled={warning.renewing}>
            Stay signed in
          </button>
          {problem && (
            <p id={errorId} className="staff-error" role="alert">
              {PROBLEMS[problem]}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

type Warning = ReturnType<typeof selectSessionWarning>;
const sameWarning = (a: Warning, b: Warning) =>
  a === b || (!!a && !!b && a.endsAt === b.endsAt && a.renewing === b.renewing && a.problem === b.problem);
