// Asks why an order is cancelled: the guest will read the reason on their order page.
import { useId, useState, type FormEvent } from 'react';
import { type Order } from '../../../contract/orders';
import { STAFF_LIMITS } from '../../../contract/staff';
import { Dialog } from '../dialog';

interface CancelDialogProps {
  order: Order;
  tableName: string;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

export function CancelDialog({ order, tableName, busy, error, onConfirm, onClose }: CancelDialogProps) {
  const headingId = useId();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (trimmed) onConfirm(trimmed);
  }

  return (
    <Dialog labelledBy={headingId} onClose={onClose} className="staff-dialog" testId="cancel-dialog">
      <form className="staff-dialog__body" onSubmit={submit}>
        <h2 id={headingId}>Cancel the order for {tableName}?</h2>
        <p>Order {order.orderID}. The guest sees the reason on their order page.</p>
        <label className="staff-field">
          <span>Reason</span>
          <textarea
            data-autofocus
            required
            maxLength={STAFF_LIMITS.cancelReasonLength.max}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <div className="staff-dialog__actions">
          <button type="button" className="staff-button" onClick={onClose}>
            Keep the order
          </button>
          <button type="submit" className="staff-button staff-button--danger" disabled={busy || trimmed === ''}>
            {busy ? 'Cancelling…' : 'Cancel the order'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
