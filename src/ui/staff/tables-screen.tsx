// The tables editor (managers): add a table, rename it, set its area and seats, reserve it, remove it; each table's QR
// code (pointing at the restaurant's public address), printed alone or on the sheet, and a new key for a misused one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { TABLE_LIMITS, tableNameKey, type StaffTable, type TablePatch } from '../../../contract/tables';
import { ApiError } from '../../api/errors';
import { addTable, newTableKey, removeTable, updateTable } from '../../api/staff-calls';
import { staffKeys, staffTablesQuery } from '../../api/staff-queries';
import { wordMixingAlphabets } from '../../domain/look-alike';
import { useAnnounce } from '../feedback/live-announcer';
import { STATUS_NAMES, seatsText } from './floor-screen';
import { ConfirmDialog } from './confirm-dialog';
import { LoadState } from './load-state';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { StatusLine, useStatusLine } from './status-line';
import { TableQr, tableLink, useTableLinkOrigin } from './table-qr';
import { useFocusAfter } from './use-focus-after';

/** A table's card on this screen, found again after the list is drawn anew. */
const cardOf = (id: number) => document.querySelector<HTMLElement>(`[data-testid="table-card"][data-table-id="${id}"]`);
const cardHeadingOf = (id: number) => cardOf(id)?.querySelector<HTMLElement>('h2');

/** An invalid field's reasons (422); any other refusal explains itself in its message (a name taken: which table). */
function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) {
    const fields = Object.entries(error.fields);
    if (fields.length > 0) return fields.map(([field, reason]) => `${field}: ${reason}`).join('; ');
  }
  return error instanceof Error ? error.message : 'unknown error';
}

/**
 * What is wrong with a name, checked as the manager types; the provider refuses the same (409, 422), and its message
 * is shown. Another table already called that (case and spaces aside): two "Window 1" cards on the floor and in
 * "Guests left?" cannot be told apart, nor can "Window 1" and one spelt with a Cyrillic "о".
 */
function nameProblem(name: string, tables: readonly StaffTable[] | undefined, self?: number): string | null {
  const wanted = tableNameKey(name);
  if ((tables ?? []).some((table) => table.id !== self && tableNameKey(table.name) === wanted))
    return 'Another table is called that: give this one a name of its own.';
  const mixed = wordMixingAlphabets(name);
  if (mixed !== undefined)
    return `“${mixed}” mixes alphabets that look alike (a Cyrillic or Greek letter among Latin ones), so it would read as another name: type it in one alphabet.`;
  return null;
}

/** Where printed codes point: the restaurant's public address, or this browser's while none is set. */

export function TablesScreen() {
  const queryClient = useQueryClient();
  const [status, say] = useStatusLine();
  const focusAfter = useFocusAfter();
  const tables = useQuery(staffTablesQuery());
  useSessionEndedOn(tables.error);
  const { origin, isPublic: set } = useTableLinkOrigin();
  const replace = (updated: StaffTable) =>
    queryClient.setQueryData<StaffTable[]>(staffKeys.tables, (list) =>
      list?.map((table) => (table.id === updated.id ? updated : table)),
    );
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: staffKeys.tables });
    void queryClient.invalidateQueries({ queryKey: staffKeys.floor });
  };

  const rotate = useMutation({
    mutationFn: (table: StaffTable) => newTableKey(table.id),
    onSuccess: (updated) => {
      replace(updated);
      say(`${updated.name} has a new key. Its old QR code no longer works: print the new one.`);
      focusAfter(
        () => cardOf(updated.id)?.querySelector<HTMLElement>('[data-action="new-key"]:not(:disabled)'),
        () => cardOf(updated.id),
      );
    },
  });
  useSessionEndedOn(rotate.error);
  const remove = useMutation({
    mutationFn: (table: StaffTable) => removeTable(table.id).then(() => table),
    // The card goes at once, and focus with it to the next table's (or the previous one's, or the list's heading).
    onMutate: (table) => {
      const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="table-card"]')];
      const at = cards.findIndex((card) => card.dataset.tableId === String(table.id));
      const next = cards[at + 1] ?? cards[at - 1];
      return { nextId: next ? Number(next.dataset.tableId) : null };
    },
    onSuccess: (table, _variables, context) => {
      const from = cardOf(table.id);
      queryClient.setQueryData<StaffTable[]>(staffKeys.tables, (list) => list?.filter((each) => each.id !== table.id));
      refresh();
      say(`${table.name} is removed.`);
      focusAfter(
        () =>
          (context.nextId === null ? null : cardHeadingOf(context.nextId)) ?? document.getElementById('tables-title'),
        () => from,
      );
    },
  });
  useSessionEndedOn(remove.error);
  const [asking, setAsking] = useState<{ step: 'key' | 'remove'; table: StaffTable } | null>(null);

  return (
    <section aria-labelledby="tables-title" className="floor">
      <div className="floor__bar">
        <h1 id="tables-title" tabIndex={-1}>
          Tables
        </h1>
        <Link to="/staff/print" className="staff-button">
          Print sheet of all QR codes
        </Link>
      </div>
      {!set && (
        <p className="staff-note" role="note">
          The codes point at this browser’s address, {origin}. Set the restaurant’s public address in Settings before
          printing them, so they open the app from any phone.
        </p>
      )}
      <StatusLine status={status} testId="tables-status" />
      <AddTable
        tables={tables.data}
        onAdded={(table, form) => {
          refresh();
          say(`${table.name} is added.`);
          // Add table is off once its name is cleared, which drops the focus: it goes to the new table's card.
          focusAfter(
            () => cardHeadingOf(table.id),
            () => form,
          );
        }}
      />
      <LoadState query={tables} what="the tables" />
      {rotate.isError && !isSessionEnded(rotate.error) && (
        <p className="staff-error" role="alert">
          Could not make a new key: {rotate.error.message}
        </p>
      )}
      {remove.isError && !isSessionEnded(remove.error) && (
        <p className="staff-error" role="alert">
          Could not remove the table: {remove.error.message}
        </p>
      )}
      <ul className="floor__tables">
        {tables.data?.map((table) => (
          <li key={table.id} className="floor-table" data-testid="table-card" data-table-id={table.id}>
            <h2 tabIndex={-1}>{table.name}</h2>
            <p>
              {STATUS_NAMES[table.status]} · {seatsText(table.seats)}
              {table.area ? ` · ${table.area}` : ''}
            </p>
            {table.key && (
              <>
                <TableQr link={tableLink(origin, table.id, table.key)} label={`QR code for ${table.name}`} size={120} />
                <TableLinkText link={tableLink(origin, table.id, table.key)} name={table.name} />
              </>
            )}
            <EditTable table={table} tables={tables.data} onSaved={(updated) => (replace(updated), refresh())} />
            <div className="floor-table__actions">
              <Link to="/staff/print" search={{ table: table.id }} className="staff-button">
                Print this code<span className="visually-hidden"> of {table.name}</span>
              </Link>
              <button
                type="button"
                className="staff-button"
                data-action="new-key"
                disabled={rotate.isPending && rotate.variables.id === table.id}
                // Printed codes for this table stop working: worth a second thought.
                onClick={() => setAsking({ step: 'key', table })}
              >
                New key<span className="visually-hidden"> for {table.name}</span>
              </button>
              <button
                type="button"
                className="staff-button staff-button--danger"
                disabled={remove.isPending && remove.variables.id === table.id}
                onClick={() => setAsking({ step: 'remove', table })}
              >
                Remove<span className="visually-hidden"> {table.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {asking?.step === 'key' && (
        <ConfirmDialog
          title={`Give ${asking.table.name} a new key?`}
          confirmLabel="Make a new key"
          cancelLabel="Keep the key"
          testId="confirm-new-key"
          onClose={() => setAsking(null)}
          onConfirm={() => {
            const { id } = asking.table;
            setAsking(null);
            rotate.mutate(asking.table);
            // Its New key button waits, disabled, for the answer: the card holds the focus meanwhile.
            focusAfter(() => cardHeadingOf(id));
          }}
        >
          Its printed QR codes stop working at once and will need replacing.
        </ConfirmDialog>
      )}
      {asking?.step === 'remove' && (
        <ConfirmDialog
          title={`Remove ${asking.table.name}?`}
          confirmLabel="Remove the table"
          cancelLabel="Keep the table"
          testId="confirm-remove-table"
          onClose={() => setAsking(null)}
          onConfirm={() => {
            const { id } = asking.table;
            setAsking(null);
            remove.mutate(asking.table);
            focusAfter(() => cardHeadingOf(id));
          }}
        >
          Guests will no longer see it; its history stays.
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The link a table's code opens, as text to read out, type or paste (a menu card, a message), with a copy button. */
function TableLinkText({ link, name }: { link: string; name: string }) {
  const announce = useAnnounce();
  const text = useRef<HTMLElement>(null);
  // Without the clipboard (a page served over plain http from another machine), the link is selected for Ctrl+C.
  const selectIt = () => {
    const element = text.current;
    const selection = window.getSelection();
    if (!element || !selection) return;
    selection.selectAllChildren(element);
    announce(`The link of ${name} is selected: press Ctrl+C to copy it.`);
  };
  const copy = () => {
    if (!navigator.clipboard) return selectIt();
    navigator.clipboard.writeText(link).then(() => announce(`The link of ${name} is copied.`), selectIt);
  };
  return (
    <p className="floor-table__link">
      <span>Link</span>
      <code ref={text} data-testid="table-link">
        {link}
      </code>
      <button type="button" className="staff-button" aria-label={`Copy link of ${name}`} onClick={copy}>
        Copy link
      </button>
    </p>
  );
}

function AddTable({
  tables,
  onAdded,
}: {
  tables: readonly StaffTable[] | undefined;
  onAdded(table: StaffTable, form: HTMLFormElement | null): void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [area, setArea] = useState('');
  const [seats, setSeats] = useState('4');
  const problem = nameProblem(name, tables);
  const add = useMutation({
    mutationFn: () => addTable({ name: name.trim(), area: area.trim() || null, seats: Number(seats) }),
    onSuccess: (table) => {
      setName('');
      onAdded(table, form.current);
    },
  });
  useSessionEndedOn(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form ref={form} className="tables__add" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add a table</h2>
      <TableFields
        id={id}
        problem={problem}
        name={name}
        area={area}
        seats={seats}
        onName={setName}
        onArea={setArea}
        onSeats={setSeats}
      />
      {add.isError && !isSessionEnded(add.error) && (
        <p className="staff-error" role="alert">
          Could not add the table: {problemOf(add.error)}
        </p>
      )}
      <button
        type="submit"
        className="staff-button staff-button--primary"
        disabled={add.isPending || !name.trim() || problem !== null}
      >
        Add table
      </button>
    </form>
  );
}

function EditTable({
  table,
  tables,
  onSaved,
}: {
  table: StaffTable;
  tables: readonly StaffTable[] | undefined;
  onSaved(table: StaffTable): void;
}) {
  const id = useId();
  const [name, setName] = useState(table.name);
  const [area, setArea] = useState(table.area ?? '');
  const [seats, setSeats] = useState(String(table.seats));
  const [reserved, setReserved] = useState(table.reserved ?? false);
  const problem = nameProblem(name, tables, table.id);
  const save = useMutation({
    mutationFn: (patch: TablePatch) => updateTable(table.id, patch),
    onSuccess: onSaved,
  });
  useSessionEndedOn(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), area: area.trim() || null, seats: Number(seats), reserved });
  };
  return (
    <form className="tables__edit" onSubmit={submit} aria-label={`Change ${table.name}`}>
      <TableFields
        id={id}
        problem={problem}
        name={name}
        area={area}
        seats={seats}
        onName={setName}
        onArea={setArea}
        onSeats={setSeats}
      />
      <label className="staff-switch" htmlFor={`${id}-reserved`}>
        <input
          id={`${id}-reserved`}
          type="checkbox"
          checked={reserved}
          onChange={(event) => setReserved(event.target.checked)}
        />
        <span>Reserved</span>
      </label>
      {save.isError && !isSessionEnded(save.error) && (
        <p className="staff-error" role="alert">
          Could not save: {problemOf(save.error)}
        </p>
      )}
      <button type="submit" className="staff-button" disabled={save.isPending || !name.trim() || problem !== null}>
        Save<span className="visually-hidden"> {table.name}</span>
      </button>
    </form>
  );
}

function TableFields(props: {
  id: string;
  /** What is wrong with the name (another table's already, look-alike letters), or null. */
  problem: string | null;
  name: string;
  area: string;
  seats: string;
  onName(value: string): void;
  onArea(value: string): void;
  onSeats(value: string): void;
}) {
  const { id } = props;
  return (
    <div className="tables__fields">
      <label className="staff-field" htmlFor={`${id}-name`}>
        <span>Name</span>
        <input
          id={`${id}-name`}
          required
          maxLength={TABLE_LIMITS.nameLength}
          value={props.name}
          aria-invalid={props.problem !== null || undefined}
          aria-describedby={props.problem === null ? undefined : `${id}-name-problem`}
          onChange={(event) => props.onName(event.target.value)}
        />
        {props.problem !== null && (
          <span id={`${id}-name-problem`} className="staff-error">
            {props.problem}
          </span>
        )}
      </label>
      <label className="staff-field" htmlFor={`${id}-area`}>
        <span>Area</span>
        <input
          id={`${id}-area`}
          maxLength={TABLE_LIMITS.areaLength}
          value={props.area}
          onChange={(event) => props.onArea(event.target.value)}
        />
      </label>
      <label className="staff-field" htmlFor={`${id}-seats`}>
        <span>Seats</span>
        <input
          id={`${id}-seats`}
          type="number"
          min={1}
          max={TABLE_LIMITS.maxSeats}
          value={props.seats}
          onChange={(event) => props.onSeats(event.target.value)}
        />
      </label>
    </div>
  );
}
