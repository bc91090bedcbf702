// The console's own "are you sure?" for a step that is hard to undo: a modal dialog naming the step, what follows
// from it, and two buttons, the safe one focused first, so Enter or Escape never does the harm by accident.
import { useId, type ReactNode } from 'react';
import { Dialog } from '../dialog';

interface ConfirmDialogProps {
  /** The question, as the dialog's heading and name. */
  title: string;
  /** What follows from saying yes. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  testId,
}: ConfirmDialogProps) {
  const headingId = useId();
  return (
    <Dialog labelledBy={headingId} onClose={onClose} className="staff-dialog" testId={testId}>
      <div className="staff-dialog__body">
        <h2 id={headingId}>{title}</h2>
        <p>{children}</p>
        <div className="staff-dialog__actions">
          <button type="button" className="staff-button" data-autofocus onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className="staff-button staff-button--danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
