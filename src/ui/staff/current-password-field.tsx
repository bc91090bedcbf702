// The staff member's current password, as signing in and staying signed in both ask for it.
import type { Ref } from 'react';

export function CurrentPasswordField({
  inputRef,
  disabled,
  errorId,
}: {
  inputRef: Ref<HTMLInputElement>;
  disabled: boolean;
  /** The message saying what was wrong with it, when there is one. */
  errorId?: string | undefined;
}) {
  return (
    <label className="staff-field">
      <span>Password</span>
      <input
        ref={inputRef}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        disabled={disabled}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </label>
  );
}
