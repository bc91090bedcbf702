// Change my password (contract v1.2): any member of staff, with the current password; their other devices are signed out.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { changeMyPassword } from '../../api/staff-calls';
import { STAFF_LIMITS } from '../../../contract/staff';
import { StaffSessionContext, selectStaffSession } from '../../machines/staff-session.context';
import { useAnnounce } from '../feedback/live-announcer';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';

type Field = 'current' | 'next' | 'again';

/** Which field a refusal is about, and what to say there; null: a problem of the whole form. */
function problemOf(error: unknown): { field: Field | null; text: string } {
  if (error instanceof ApiError) {
    if (error.code === 'bad_credentials') return { field: 'current', text: 'That is not your current password.' };
    if (error.status === 429) {
      return { field: null, text: 'Too many wrong passwords. Wait a moment before trying again.' };
    }
    if (error.status === 404) {
      return { field: null, text: 'This restaurant’s server does not offer password changes here. Ask a manager.' };
    }
    if (error.status === 422 && error.fields.new_password) {
      return { field: 'next', text: `At least ${STAFF_LIMITS.passwordLength.min} characters, please.` };
    }
    if (error.kind === 'fetch' || error.kind === 'timeout') {
      return { field: null, text: 'The restaurant’s server could not be reached. Check the connection and try again.' };
    }
  }
  return { field: null, text: error instanceof Error ? error.message : 'Something went wrong. Please try again.' };
}

export function PasswordScreen() {
  const announce = useAnnounce();
  const me = StaffSessionContext.useSelector(selectStaffSession);
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', again: '' });
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);
  const ids = { current: useId(), next: useId(), again: useId(), error: useId(), hint: useId() };
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    again: useRef<HTMLInputElement>(null),
  };
  const formError = useRef<HTMLParagraphElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  const change = useMutation({
    mutationFn: () => changeMyPassword({ current_password: values.current, new_password: values.next }),
    onSuccess: () => {
      setValues({ current: '', next: '', again: '' });
      setDone(true);
      announce('Your password is changed. Your other devices have been signed out.');
    },
  });
  useSessionEndedOn(change.error);
  const problem = change.isError && !isSessionEnded(change.error) ? problemOf(change.error) : null;
  const errorField: Field | null = mismatch ? 'again' : (problem?.field ?? null);
  const errorText = mismatch ? 'The two new passwords differ. Type the same one twice.' : (problem?.text ?? null);

  // The field to fix gets focus, so a keyboard or screen-reader user lands on it with its message read out.
  useEffect(() => {
    if (!errorText) return;
    if (errorField) refs[errorField].current?.focus();
    else formError.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are stable; focus moves when a new error shows
  }, [errorText, errorField]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (values.next !== values.again) {
      change.reset();
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate();
  }

  const field = (
    name: Field,
    label: string,
    autoComplete: string,
    extra: { minLength?: number; hint?: boolean } = {},
  ) => {
    const invalid = errorField === name;
    const describedBy = [extra.hint ? ids.hint : null, invalid ? ids.error : null].filter(Boolean).join(' ');
    return (
      <div className="staff-field">
        <label htmlFor={ids[name]}>{label}</label>
        {extra.hint && (
          <span id={ids.hint} className="staff-field__hint">
            At least {STAFF_LIMITS.passwordLength.min} characters. Your other devices will be signed out.
          </span>
        )}
        <input
          ref={refs[name]}
          id={ids[name]}
          type="password"
          required
          autoComplete={autoComplete}
          minLength={extra.minLength}
          maxLength={STAFF_LIMITS.passwordLength.max}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          value={values[name]}
          onChange={(event) => {
            setValues({ ...values, [name]: event.target.value });
            if (name !== 'current') setMismatch(false);
          }}
        />
        {invalid && (
          <p id={ids.error} className="staff-error">
            {errorText}
          </p>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby="password-title" className="password-screen">
      <h1 id="password-title">Change my password</h1>
      {done && (
        <p ref={doneRef} tabIndex={-1} className="staff-note" role="status">
          Your password is changed. Your other devices have been signed out; this one stays signed in.
        </p>
      )}
      <form className="accounts__add" onSubmit={submit}>
        {/* Whose password this is, for password managers (the page shows it in the header). */}
        <input type="text" name="username" autoComplete="username" value={me?.name ?? ''} readOnly hidden />
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password', { minLength: STAFF_LIMITS.passwordLength.min, hint: true })}
        {field('again', 'New password again', 'new-password', { minLength: STAFF_LIMITS.passwordLength.min })}
        {errorText && errorField === null && (
          <p id={ids.error} ref={formError} tabIndex={-1} className="staff-error" role="alert">
            {errorText}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change my password'}
        </button>
      </form>
    </section>
  );
}
