// Staff accounts (manager): who can sign in with which role; add one with a first password, reset someone's password or
// change their role, or remove them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { STAFF_LIMITS, type AccountChange, type StaffAccount, type StaffRole } from '../../../contract/staff';
import { addStaffAccount, changeStaffAccount, removeStaffAccount } from '../../api/staff-calls';
import { staffAccountsQuery, staffKeys } from '../../api/staff-queries';
import { StaffSessionContext, selectStaffSession } from '../../machines/staff-session.context';
import { AccountChangeDialog, ROLE_NAMES } from './account-change-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { LoadState } from './load-state';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { StatusLine, useStatusLine } from './status-line';

function problemText(error: unknown): string {
  if (error instanceof ApiError && error.fields) {
    const fields = Object.entries(error.fields);
    if (fields.length > 0) return fields.map(([field, reason]) => `${field}: ${reason}`).join('; ');
  }
  return error instanceof Error ? error.message : 'unknown error';
}

export function AccountsScreen() {
  const queryClient = useQueryClient();
  const [status, say] = useStatusLine();
  const me = StaffSessionContext.useSelector(selectStaffSession);
  const accounts = useQuery(staffAccountsQuery());
  useSessionEndedOn(accounts.error);
  const nameId = useId();
  const passwordId = useId();
  const roleId = useId();
  const [form, setForm] = useState({ name: '', password: '', role: 'kitchen' as StaffRole });

  const add = useMutation({
    mutationFn: () => addStaffAccount(form),
    onSuccess: (account) => {
      setForm({ name: '', password: '', role: 'kitchen' });
      say(`${account.name} can now sign in as ${ROLE_NAMES[account.role].toLowerCase()}`);
      void queryClient.invalidateQueries({ queryKey: staffKeys.accounts });
    },
  });
  useSessionEndedOn(add.error);
  const remove = useMutation({
    mutationFn: (account: StaffAccount) => removeStaffAccount(account.name),
    onSuccess: (_nothing, account) => {
      say(`${account.name} removed; their sessions have ended`);
      void queryClient.invalidateQueries({ queryKey: staffKeys.accounts });
    },
  });
  useSessionEndedOn(remove.error);
  const [changing, setChanging] = useState<StaffAccount | null>(null);
  const [removing, setRemoving] = useState<StaffAccount | null>(null);
  const change = useMutation({
    mutationFn: ({ account, change }: { account: StaffAccount; change: AccountChange }) =>
      changeStaffAccount(account.name, change),
    onSuccess: (updated, { change }) => {
      const what = [
        change.password !== undefined ? 'has a new password' : null,
        change.role ? `is now ${ROLE_NAMES[updated.role].toLowerCase()}` : null,
      ]
        .filter(Boolean)
        .join(' and ');
      say(`${updated.name} ${what}; they have been signed out everywhere`);
      setChanging(null);
      void queryClient.invalidateQueries({ queryKey: staffKeys.accounts });
    },
  });
  useSessionEndedOn(change.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }

  return (
    <section aria-labelledby="accounts-title" className="accounts">
      <h1 id="accounts-title">Staff</h1>
      <StatusLine status={status} testId="accounts-status" />
      <LoadState query={accounts} what="the accounts" />
      {remove.isError && !isSessionEnded(remove.error) && (
        <p className="staff-error" role="alert">
          Could not remove: {remove.error.message}
        </p>
      )}
      <table className="accounts__table">
        <caption className="visually-hidden">Staff accounts</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.data?.map((account) => (
            <tr key={account.name} data-testid="account-row">
              <td>{account.name}</td>
              <td>{ROLE_NAMES[account.role]}</td>
              <td>
                {account.name === me?.name ? (
                  <span className="accounts__you">You</span>
                ) : (
                  <span className="accounts__actions">
                    <button
                      type="button"
                      className="staff-button staff-button--quiet"
                      onClick={() => {
                        change.reset();
                        setChanging(account);
                      }}
                    >
                      Password or role <span className="visually-hidden">of {account.name}</span>
                    </button>
                    <button
                      type="button"
                      className="staff-button staff-button--quiet"
                      disabled={remove.isPending}
                      onClick={() => setRemoving(account)}
                    >
                      Remove<span className="visually-hidden"> {account.name}</span>
                    </button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {changing && (
        <AccountChangeDialog
          account={changing}
          busy={change.isPending}
          error={change.isError && !isSessionEnded(change.error) ? change.error : null}
          onSave={(accountChange) => change.mutate({ account: changing, change: accountChange })}
          onClose={() => setChanging(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove the account"
          cancelLabel="Keep the account"
          testId="confirm-remove-account"
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            remove.mutate(removing);
          }}
        >
          They are signed out at once, on every device.
        </ConfirmDialog>
      )}
      <form className="accounts__add" onSubmit={submit} aria-labelledby="add-title">
        <h2 id="add-title">Add someone</h2>
        <div className="staff-field">
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            required
            maxLength={STAFF_LIMITS.nameLength.max}
            pattern="[\p{L}\p{N}._\-]+"
            title="Letters, digits, dots, dashes and underscores"
            autoComplete="off"
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={passwordId}>First password (at least {STAFF_LIMITS.passwordLength.min} characters)</label>
          <input
            id={passwordId}
            type="password"
            required
            minLength={STAFF_LIMITS.passwordLength.min}
            maxLength={STAFF_LIMITS.passwordLength.max}
            autoComplete="new-password"
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={roleId}>Role</label>
          <select
            id={roleId}
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}
          >
            <option value="kitchen">Kitchen: sees and moves orders, marks dishes sold out</option>
            <option value="waiter">Waiter: the kitchen’s rights, plus the floor and the till</option>
            <option value="manager">Manager: also tables, QR codes, refunds and staff</option>
          </select>
        </div>
        {add.isError && !isSessionEnded(add.error) && (
          <p className="staff-error" role="alert">
            Could not add: {problemText(add.error)}
          </p>
        )}
        <button type="submit" className="staff-button staff-button--primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add account'}
        </button>
      </form>
    </section>
  );
}
