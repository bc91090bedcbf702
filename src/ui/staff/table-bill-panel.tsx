// A table's bill as staff see it (contract v1.2): its lines and figures, every payment; the till for waiters and
// managers, refunds with a reason for managers; clearing the table (a balance left needs a manager and a reason).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { BILL_LIMITS } from '../../../contract/bill';
import {
  TILL_METHODS,
  type FloorTable,
  type PaymentRecord,
  type RefundInput,
  type StaffBill,
  type TillPayment,
} from '../../../contract/tables';
import { ApiError } from '../../api/errors';
import { addTillPayment, refundPayment } from '../../api/staff-calls';
import { staffBillQuery, staffKeys } from '../../api/staff-queries';
import { selectStaffSession, StaffSessionContext } from '../../machines/staff-session.context';
import { Dialog } from '../dialog';
import { fromCents, toCents } from '../../domain/money';
import { formatMoney } from '../format';
import { amountForField, readAmount } from '../money-field';
import { PAYMENT_METHOD_NAMES } from './payment-methods';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { StatusLine, useStatusLine } from './status-line';
import { useClearTable } from './use-clear-table';
import { useFocusAfter } from './use-focus-after';

const METHOD_NAMES = PAYMENT_METHOD_NAMES;

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.fields) {
    // A field's reason is often the message itself: said once.
    const fields = Object.entries(error.fields).filter(
      ([field, why]) => field !== 'available' && why !== error.message,
    );
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
              {/* A count beside the prices, so said as one: "0 of 2 paid", never a bare "0". */}
              <td>
                {line.paid_quantity} of {line.quantity} paid
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
      {role !== 'kitchen' && bill.balance > 0 && (
        // A new balance starts the form afresh, its amount the balance now left (a part was taken, or a refund given).
        <Till key={bill.balance} tableId={table.id} balance={bill.balance} onDone={onDone} />
      )}
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
              <button
                type="button"
                className="staff-button staff-button--quiet"
                onClick={() => setRefunding(payment)}
                // Named as its line reads ("Cash: $5.50"), which the screen shows beside it.
                aria-label={`Refund ${METHOD_NAMES[payment.method]}: ${formatMoney(payment.amount)}`}
              >
                Refund
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

type Checked = { ok: true; cents: number } | { ok: false; problem: string };

/** An amount taken or given back: more than 0 and at most `mostCents`; else what the field says. */
function checkAmount(text: string, mostCents: number): Checked {
  const typed = readAmount(text);
  if (typed.ok && typed.cents > 0 && typed.cents <= mostCents) return typed;
  if (!typed.ok && typed.problem === 'empty') return { ok: false, problem: 'Type the amount.' };
  if (!typed.ok && (typed.problem === 'not_a_number' || typed.problem === 'too_precise')) {
    return { ok: false, problem: `Type an amount like ${formatMoney(5.5)}.` };
  }
  if (typed.ok ? typed.cents === 0 : typed.problem === 'negative') {
    return { ok: false, problem: 'The amount must be more than 0.' };
  }
  return { ok: false, problem: `At most ${formatMoney(fromCents(mostCents))}.` };
}

/** A tip at the till: empty or 0 is none, below 0 is refused (never dropped). */
function checkTip(text: string): Checked {
  const typed = readAmount(text);
  const mostCents = toCents(BILL_LIMITS.maxAmount);
  if (typed.ok && typed.cents <= mostCents) return typed;
  if (!typed.ok && typed.problem === 'empty') return { ok: true, cents: 0 };
  if (!typed.ok && typed.problem === 'negative') return { ok: false, problem: 'A tip can’t be negative.' };
  if (!typed.ok && (typed.problem === 'not_a_number' || typed.problem === 'too_precise')) {
    return { ok: false, problem: `Type a tip like ${formatMoney(1.5)}, or leave it empty.` };
  }
  return { ok: false, problem: `A tip can be at most ${formatMoney(BILL_LIMITS.maxAmount)}.` };
}

/** A typed amount's text, what is wrong with it (said beside it), and its input, to focus when it is refused. */
function useMoneyField(initial: () => string) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  return {
    value,
    problem,
    inputRef,
    setValue,
    setProblem,
    /** Says the check's problem beside the field, or clears it; false when refused. */
    accept(checked: Checked): checked is Extract<Checked, { ok: true }> {
      setProblem(checked.ok ? null : checked.problem);
      return checked.ok;
    },
  };
}

type MoneyFieldState = ReturnType<typeof useMoneyField>;

/** A money field with its problem beside it, which describes the field while it stands; typing clears the problem. */
function MoneyField({ id, label, field }: { id: string; label: string; field: MoneyFieldState }) {
  const { value, problem, inputRef } = field;
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : `${id}-problem`}
        onChange={(event) => {
          field.setValue(event.target.value);
          field.setProblem(null);
        }}
      />
      {problem !== null && (
        <p id={`${id}-problem`} className="staff-error staff-field__problem">
          {problem}
        </p>
      )}
    </div>
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
  const leftCents = toCents(payment.amount) + toCents(payment.tip) - toCents(payment.refunded);
  const amount = useMoneyField(() => amountForField(leftCents));
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const refund = useMutation({
    mutationFn: (input: RefundInput) => refundPayment(payment.id, input),
    onSuccess: (given) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.bill(tableId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.floor });
      onDone(`Refunded ${formatMoney(given.amount)}.`);
    },
  });
  useSessionEndedOn(refund.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount.value, leftCents);
    // Both are said at once; the first refused takes the focus.
    const amountOk = amount.accept(checked);
    const noReason = reason.trim() === '';
    setReasonProblem(noReason ? 'Say why the money goes back.' : null);
    if (!amountOk) return amount.inputRef.current?.focus();
    if (noReason) return reasonRef.current?.focus();
    refund.mutate({ amount: fromCents(checked.cents), reason: reason.trim() });
  };
  // As its line on the bill reads ("Cash: $5.50").
  const what = `${METHOD_NAMES[payment.method]}: ${formatMoney(payment.amount)}`;
  return (
    <form className="staff-bill__form" onSubmit={submit} aria-label={`Refund ${what}`} noValidate>
      <MoneyField
        id={`${id}-amount`}
        label={`Amount to give back (at most ${formatMoney(fromCents(leftCents))})`}
        field={amount}
      />
      <label className="staff-field" htmlFor={`${id}-reason`}>
        <span>Reason</span>
        <input
          ref={reasonRef}
          id={`${id}-reason`}
          required
          maxLength={200}
          value={reason}
          aria-invalid={reasonProblem !== null}
          aria-describedby={reasonProblem === null ? undefined : `${id}-reason-problem`}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonProblem(null);
          }}
        />
      </label>
      {reasonProblem !== null && (
        <p id={`${id}-reason-problem`} className="staff-error staff-field__problem">
          {reasonProblem}
        </p>
      )}
      {refund.isError && !isSessionEnded(refund.error) && (
        <p className="staff-error" role="alert">
          Could not refund: {problemOf(refund.error)}
        </p>
      )}
      <button type="submit" className="staff-button staff-button--danger" disabled={refund.isPending}>
        Refund
      </button>
    </form>
  );
}

function Till({ tableId, balance, onDone }: { tableId: number; balance: number; onDone(text: string): void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const balanceCents = toCents(balance);
  const [method, setMethod] = useState<(typeof TILL_METHODS)[number]>('cash');
  const amount = useMoneyField(() => amountForField(balanceCents));
  const tip = useMoneyField(() => '');
  const take = useMutation({
    mutationFn: (input: TillPayment) => addTillPayment(tableId, input),
    onSuccess: (payment) => {
      onDone(
        `${formatMoney(payment.amount)} taken (${METHOD_NAMES[payment.method].toLowerCase()})` +
          (payment.tip > 0 ? ` with a ${formatMoney(payment.tip)} tip.` : '.'),
      );
      tip.setValue('');
      void queryClient.invalidateQueries({ queryKey: staffKeys.bill(tableId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.floor });
    },
  });
  useSessionEndedOn(take.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedAmount = checkAmount(amount.value, balanceCents);
    const checkedTip = checkTip(tip.value);
    // Both are said at once; the first refused takes the focus.
    const amountOk = amount.accept(checkedAmount);
    const tipOk = tip.accept(checkedTip);
    if (!amountOk) return amount.inputRef.current?.focus();
    if (!tipOk) return tip.inputRef.current?.focus();
    take.mutate({
      method,
      amount: fromCents(checkedAmount.cents),
      ...(checkedTip.cents > 0 ? { tip: fromCents(checkedTip.cents) } : {}),
    });
  };
  return (
    <form className="staff-bill__form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
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
      <MoneyField id={`${id}-amount`} label={`Amount (at most ${formatMoney(balance)})`} field={amount} />
      <MoneyField id={`${id}-tip`} label="Tip" field={tip} />
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
