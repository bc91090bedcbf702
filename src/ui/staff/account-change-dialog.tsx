// A manager resets someone's password or changes their role (contract v1.2); their sessions end either way.
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { STAFF_LIMITS, type AccountChange, type StaffAccount, type StaffRole } from '../../../contract/staff';
import { Dialog } from '../dialog';

interface AccountChangeDialogProps {
  account: StaffAccount;
  busy: boolean;
  error: unknown;
  onSave: (change: AccountChange) => void;
  onClose: () => void;
}

export const ROLE_NAMES: Record<StaffRole, string> = { kitchen: 'Kitchen', waiter: 'Waiter', manager: 'Manager' };

export function AccountChangeDialog({ account, busy, error, onSave, onClose }: AccountChangeDialogProps) {
  const ids = { heading: useId(), password: useId(), passwordHint: useId(), passwordError: useId(), role: useId() };
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>(account.role);
  const [nothing, setNothing] = useState(false);
  const fields = error instanceof ApiError ? error.fields : {};
  const passwordProblem =
    fields.password !== undefined ? `At least ${STAFF_LIMITS.passwordLength.min} characters, please.` : null;
  const otherProblem = nothing
    ? 'Type a new password or choose another role.'
    : error && passwordProblem === null
      ? `Could not save: ${error instanceof Error ? error.message : 'unknown error'}`
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const change: AccountChange = {
      ...(password === '' ? {} : { password }),
      ...(role === account.role ? {} : { role }),
    };
    setNothing(Object.keys(change).length === 0);
    if (Object.keys(change).length > 0) onSave(change);
  }

  return (
    <Dialog labelledBy={ids.heading} onClose={onClose} className="staff-dialog" testId="account-dialog">
      <form className="staff-dialog__body" onSubmit={submit}>
        <h2 id={ids.heading}>Change {account.name}’s account</h2>
        <p>Saving signs {account.name} out everywhere at once.</p>
        <div className="staff-field">
          <label htmlFor={ids.password}>New password</label>
          <span id={ids.passwordHint} className="staff-field__hint">
            At least {STAFF_LIMITS.passwordLength.min} characters; leave empty to keep the current one.
          </span>
          <input
            id={ids.password}
            data-autofocus
            type="password"
            autoComplete="new-password"
            minLength={STAFF_LIMITS.passwordLength.min}
            maxLength={STAFF_LIMITS.passwordLength.max}
            aria-invalid={passwordProblem ? true : undefined}
            aria-describedby={[ids.passwordHint, passwordProblem ? ids.passwordError : null].filter(Boolean).join(' ')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {passwordProblem && (
            <p id={ids.passwordError} className="staff-error" role="alert">
              {passwordProblem}
            </p>
          )}
        </div>
        <div className="staff-field">
          <label htmlFor={ids.role}>Role</label>
          <select id={ids.role} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            <option value="kitchen">{ROLE_NAMES.kitchen}: sees and moves orders, marks dishes sold out</option>
            <option value="waiter">{ROLE_NAMES.waiter}: the kitchen’s rights, plus the floor and the till</option>
            <option value="manager">{ROLE_NAMES.manager}: also tables, QR codes and staff</option>
          </select>
        </div>
        {otherProblem && (
          <p className="staff-error" role="alert">
            {otherProblem}
          </p>
        )}
        <div className="staff-dialog__actions">
          <button type="button" className="staff-button" onClick={onClose}>
            Keep as it is
          </button>
          <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save and sign them out'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
