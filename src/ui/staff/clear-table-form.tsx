// The kitchen's way to clear a table when its guests leave (the floor, with every table's card, is the manager's).
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Table } from '../../../contract/guest';
import type { Order } from '../../../contract/orders';
import { isSessionEnded } from './staff-session-provider';
import { StatusLine, useStatusLine } from './status-line';
import { useClearTable } from './use-clear-table';
import { useFocusAfter } from './use-focus-after';

export function ClearTableForm({ tables, openOrders }: { tables: readonly Table[]; openOrders: readonly Order[] }) {
  const [tableId, setTableId] = useState('');
  const [status, say] = useStatusLine();
  const focusAfter = useFocusAfter();
  const form = useRef<HTMLFormElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const { clear, mutation, confirmation } = useClearTable({
    // The emptied choice disables the button that was pressed: the choice of table takes the focus back.
    onSent: () => (
      setTableId(''),
      focusAfter(
        () => select.current,
        () => form.current,
      )
    ),
    onCleared: say,
  });
  const selectId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const table = tables.find((candidate) => String(candidate.id) === tableId);
    if (!table) return;
    const open = openOrders.filter((order) => order.table_id === table.id).length;
    clear(table, open);
  };

  return (
    <form ref={form} className="clear-table" onSubmit={submit} aria-label="Clear a table">
      <label htmlFor={selectId}>Guests left?</label>
      <select ref={select} id={selectId} value={tableId} onChange={(event) => setTableId(event.target.value)}>
        <option value="">Choose a table</option>
        {tables.map((table) => (
          <option key={table.id} value={table.id}>
            {table.name}
          </option>
        ))}
      </select>
      <button type="submit" className="staff-button" disabled={tableId === '' || mutation.isPending}>
        Clear table
      </button>
      {confirmation}
      <StatusLine status={status} testId="clear-table-status" />
      {mutation.isError && !isSessionEnded(mutation.error) && (
        <p className="staff-error" role="alert">
          Could not clear the table: {mutation.error.message}
        </p>
      )}
    </form>
  );
}
