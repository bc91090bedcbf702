// A table's bill as staff see it (contract v1.2): its lines and figures, every payment; the till for waiters and
// managers, refunds with a reason for managers; clearing the table (a balance left needs a manager and a reason).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { TILL_METHODS, type FloorTable, type PaymentRecord, type StaffBill } from '../../../contract/tables';
import { ApiError } from '../../api/errors';
import { addTillPayment, refundPayment } from '../../api/staff-calls';
import { staffBillQuery, staffKeys } from '../../api/staff-queries';
import { selectStaffSession, StaffSessionContext } from '../../machines/staff-session.context';
import { Dialog } from '../dialog';
import { formatMoney } from '../format';
import { PAYMENT_METHOD_NAMES } from './payment-methods';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { StatusLine, useStatusLine } from './status-line';
import { useClearTable } from './use-clear-table';
import { useFocusAfter } from './use-focus-after';

const METHOD_NAMES = PAYMENT_METHOD_NAMES;

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.fields) {
    const fields = Object.entries(error.fields).filter(([field]) => field !== 'available');
    if (fields.length > 0) return `${error.message} (${fields.map(([field, why]) => `${field}: ${why}`).join('; ')})`;
  }
  return error instanceof Error ? error.message : 'unknown error';
}

export function TableBillPanel({
  table,
  onClose,
  onCleared,
}: {
  table: FloorTable;
  onClose(): void;
  /** The table is cleared: its bill is gone, and so is this panel. */
  onCleared(text: string): void;
}) {
  const headingId = useId();
  // A payment or refund closes or disables the form it was made in: the dialog's status, which says what was done,
  // takes the focus, so the keyboard stays in the dialog.
  const [status, say] = useStatusLine();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusAfter = useFocusAfter();
  const done = (text: string) => {
    say(text);
    focusAfter(
      () => statusRef.current,
      () => statusRef.current?.closest('dialog'),
    );
  };
  const bill = useQuery(staffBillQuery(table.id));
  useSessionEndedOn(bill.error);
  const session = StaffSessionContext.useSelector(selectStaffSession);
  const role = session?.role ?? 'kitchen';

  return (
    <Dialog labelledBy={headingId} onClose={onClose} className="staff-dialog staff-bill" testId="table-bill-panel">
      <div className="staff-dialog__body">
        <h2 id={headingId}>{table.name}: the bill</h2>
        {bill.isPending && <p role="status">Loading the bill…</p>}
        {bill.isError && !isSessionEnded(bill.error) && (
          <p className="staff-error" role="alert">
            {bill.error instanceof ApiError && bill.error.status === 404
              ? 'Nobody is seated at this table.'
              : `Could not load the bill (${bill.error.message}).`}
          </p>
        )}
        <StatusLine ref={statusRef} status={status} testId="bill-status" focusable />
        {bill.data && <BillBody table={table} bill={bill.data} role={role} onDone={done} onCleared={onCleared} />}
        <div className="staff-dialog__actions">
          <button type="button" className="staff-button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function BillBody({
  table,
  bill,
  role,
  onDone,
  onCleared,
}: {
  table: FloorTable;
  bill: StaffBill;
  role: 'kitchen' | 'waiter' | 'manager';
  onDone(text: string): void;
  onCleared(text: string): void;
}) {
  const rows: [string, number][] = [
    ['Subtotal', bill.subtotal],
    [bill.tax_included ? 'Of which tax' : 'Tax', bill.tax],
    ['Service charge', bill.service_charge],
    ['Tips', bill.tips],
    ['Total', bill.total],
    ['Paid', bill.paid],
    ['Left to pay', bill.balance],
  ];
  return (
    <>
      <table className="staff-bill__lines">
        <caption className="visually-hidden">What the table ordered</caption>
        <thead>
          <tr>
            <th scope="col">Dish</th>
            <th scope="col">Guest</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Paid</th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((line) => (
            <tr key={line.line_id}>
              <td>{line.name}</td>
              <td>{line.guest ?? '—'}</td>
              <td>{line.quantity}</td>
              <td>{formatMoney(line.unit_price)}</td>
              <td>
                {line.paid_quantity}
                {(line.held_quantity ?? 0) > 0 ? ` (+${line.held_quantity} being paid)` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="staff-bill__figures" data-testid="staff-bill-figures">
        {rows.map(([label, amount]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={label === 'Left to pay' ? 'staff-bill-balance' : undefined}>{formatMoney(amount)}</dd>
          </div>
        ))}
      </dl>
      {bill.payments.length > 0 && (
        <Payments bill={bill} tableId={table.id} canRefund={role === 'manager'} onDone={onDone} />
      )}
      {role !== 'kitchen' && bill.balance > 0 && <Till tableId={table.id} balance={bill.balance} onDone={onDone} />}
      <ClearTable table={table} balance={bill.balance} isManager={role === 'manager'} onCleared={onCleared} />
    </>
  );
}

function Payments({
  bill,
  tableId,
  canRefund,
  onDone,
}: {
  bill: StaffBill;
  tableId: number;
  canRefund: boolean;
  onDone(text: string): void;
}) {
  const [refunding, setRefunding] = useState<PaymentRecord | null>(null);
  return (
    <section aria-label="Payments">
      <h3>Payments</h3>
      <ul className="staff-bill__payments">
        {bill.payments.map((payment) => (
          <li key={payment.id}>
            {METHOD_NAMES[payment.method]}: {formatMoney(payment.amount)}
            {payment.tip > 0 && ` + ${formatMoney(payment.tip)} tip`}
            {payment.taken_by && ` (${payment.taken_by})`}
            {payment.refunded > 0 && ` · ${formatMoney(payment.refunded)} refunded`}
            {canRefund && payment.refunded < payment.amount + payment.tip && (
              <button type="button" className="staff-button staff-button--quiet" onClick={() => setRefunding(payment)}>
                Refund<span className="visually-hidden"> payment {payment.id}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {refunding && (
        <RefundForm
          payment={refunding}
          tableId={tableId}
          onDone={(text) => {
            setRefunding(null);
            onDone(text);
          }}
        />
      )}
    </section>
  );
}

function RefundForm({
  payment,
  tableId,
  onDone,
}: {
  payment: PaymentRecord;
  tableId: number;
  onDone(text: string): void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const left = Math.round((payment.amount + payment.tip - payment.refunded) * 100) / 100;
  const [amount, setAmount] = useState(String(left));
  const [reason, setReason] = useState('');
  const refund = useMutation({
    mutationFn: () => refundPayment(payment.id, { amount: Number(amount), reason: reason.trim() }),
    onSuccess: (given) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.bill(tableId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.floor });
      onDone(`Refunded ${formatMoney(given.amount)}.`);
    },
  });
  useSessionEndedOn(refund.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate();
  };
  return (
    <form className="staff-bill__form" onSubmit={submit} aria-label={`Refund payment ${payment.id}`}>
      <label className="staff-field" htmlFor={`${id}-amount`}>
        <span>Amount to give back (at most {formatMoney(left)})</span>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label className="staff-field" htmlFor={`${id}-reason`}>
        <span>Reason</span>
        <input
          id={`${id}-reason`}
          required
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      {refund.isError && !isSessionEnded(refund.error) && (
        <p className="staff-error" role="alert">
          Could not refund: {problemOf(refund.error)}
        </p>
      )}
      <button
        type="submit"
        className="staff-button staff-button--danger"
        disabled={refund.isPending || reason.trim() === ''}
      >
        Refund
      </button>
    </form>
  );
}

function Till({ tableId, balance, onDone }: { tableId: number; balance: number; onDone(text: string): void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [method, setMethod] = useState<(typeof TILL_METHODS)[number]>('cash');
  const [amount, setAmount] = useState(String(balance));
  const [tip, setTip] = useState('');
  const take = useMutation({
    mutationFn: () =>
      addTillPayment(tableId, { method, amount: Number(amount), ...(Number(tip) > 0 ? { tip: Number(tip) } : {}) }),
    onSuccess: (payment) => {
      onDone(
        `${formatMoney(payment.amount)} taken (${METHOD_NAMES[payment.method].toLowerCase()})` +
          (payment.tip > 0 ? ` with a ${formatMoney(payment.tip)} tip.` : '.'),
      );
      setTip('');
      void queryClient.invalidateQueries({ queryKey: staffKeys.bill(tableId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.floor });
    },
  });
  useSessionEndedOn(take.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    take.mutate();
  };
  return (
    <form className="staff-bill__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Take a payment at the till</h3>
      <label className="staff-field" htmlFor={`${id}-method`}>
        <span>How</span>
        <select
          id={`${id}-method`}
          value={method}
          onChange={(event) => setMethod(event.target.value as (typeof TILL_METHODS)[number])}
        >
          {TILL_METHODS.map((value) => (
            <option key={value} value={value}>
              {METHOD_NAMES[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="staff-field" htmlFor={`${id}-amount`}>
        <span>Amount (at most {formatMoney(balance)})</span>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label className="staff-field" htmlFor={`${id}-tip`}>
        <span>Tip</span>
        <input id={`${id}-tip`} inputMode="decimal" value={tip} onChange={(event) => setTip(event.target.value)} />
      </label>
      {take.isError && !isSessionEnded(take.error) && (
        <p className="staff-error" role="alert">
          Could not record the payment: {problemOf(take.error)}
        </p>
      )}
      <button type="submit" className="staff-button staff-button--primary" disabled={take.isPending}>
        Record payment
      </button>
    </form>
  );
}

function ClearTable({
  table,
  balance,
  isManager,
  onCleared,
}: {
  table: FloorTable;
  balance: number;
  isManager: boolean;
  onCleared(text: string): void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const { clear, mutation, confirmation } = useClearTable({ onCleared });
  const openOrders = table.seating?.open_orders ?? 0;
  const owes = balance !== 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (owes && reason.trim() === '') return;
    clear({ id: table.id, name: table.name, ...(owes ? { reason: reason.trim() } : {}) }, openOrders);
  };
  if (owes && !isManager) {
    return (
      <p className="staff-note">
        {balance > 0
          ? `${table.name} still owes ${formatMoney(balance)}: take the payment, or ask a manager to clear it.`
          : `${table.name} is owed ${formatMoney(-balance)}: a manager refunds it, or clears the table with a reason.`}
      </p>
    );
  }
  return (
    <form className="staff-bill__form" onSubmit={submit} aria-label={`Clear ${table.name}`}>
      {owes && (
        <label className="staff-field" htmlFor={`${id}-reason`}>
          <span>
            {balance > 0 ? `Still owes ${formatMoney(balance)}` : `Owed ${formatMoney(-balance)}`}: why clear it anyway?
          </span>
          <input
            id={`${id}-reason`}
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      )}
      {mutation.isError && !isSessionEnded(mutation.error) && (
        <p className="staff-error" role="alert">
          Could not clear the table: {problemOf(mutation.error)}
        </p>
      )}
      <button
        type="submit"
        className={`staff-button${owes ? ' staff-button--danger' : ' staff-button--primary'}`}
        disabled={mutation.isPending || (owes && reason.trim() === '')}
      >
        Clear table<span className="visually-hidden"> {table.name}</span>
      </button>
      {confirmation}
    </form>
  );
}
