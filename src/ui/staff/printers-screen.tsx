// Kitchen setup (manager): each station's timer thresholds, and the ticket printers with their state and latest jobs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  PRINTER_WIDTHS,
  type NewPrinter,
  type Printer,
  type PrintJob,
  type StationSettings,
} from '../../../contract/kitchen';
import { ApiError } from '../../api/errors';
import { addPrinter, changePrinter, removePrinter, setStation } from '../../api/staff-calls';
import { printersQuery, staffKeys, stationsQuery } from '../../api/staff-queries';
import { useAnnounce } from '../feedback/live-announcer';
import { ConfirmDialog } from './confirm-dialog';
import { LoadState } from './load-state';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';

function problemText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.fields);
    if (fields.length > 0) return fields.map(([field, reason]) => `${field}: ${reason}`).join('; ');
  }
  return error instanceof Error ? error.message : 'unknown error';
}

const JOB_WORDS: Record<PrintJob['status'], string> = {
  waiting: 'waiting',
  sending: 'sending',
  sent: 'printed',
  expired: 'given up (too old)',
};

const time = (iso: string | null) =>
  iso ? new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : '—';

interface PrinterForm {
  name: string;
  station: string;
  host: string;
  port: string;
  width: '58' | '80';
  backup: string;
}

const EMPTY: PrinterForm = { name: '', station: 'kitchen', host: '', port: '9100', width: '80', backup: '' };

const toForm = (printer: Printer): PrinterForm => ({
  name: printer.name,
  station: printer.station,
  host: printer.host,
  port: String(printer.port),
  width: printer.width === 58 ? '58' : '80',
  backup: printer.backup === null ? '' : String(printer.backup),
});

const fromForm = (form: PrinterForm): NewPrinter => ({
  name: form.name,
  station: form.station,
  host: form.host,
  port: Number(form.port),
  width: form.width === '58' ? 58 : 80,
  backup: form.backup === '' ? null : Number(form.backup),
});

export function PrintersScreen() {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const printers = useQuery(printersQuery());
  const stations = useQuery(stationsQuery());
  useSessionEndedOn(printers.error ?? stations.error);
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<PrinterForm>(EMPTY);
  const [removing, setRemoving] = useState<Printer | null>(null);
  const ids = { name: useId(), station: useId(), host: useId(), port: useId(), width: useId(), backup: useId() };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: staffKeys.printers });
  const save = useMutation({
    mutationFn: () => (editing === null ? addPrinter(fromForm(form)) : changePrinter(editing, fromForm(form))),
    onSuccess: (printer) => {
      announce(`${printer.name} ${editing === null ? 'added' : 'saved'}`);
      setEditing(null);
      setForm(EMPTY);
      refresh();
    },
  });
  useSessionEndedOn(save.error);
  const remove = useMutation({
    mutationFn: (printer: Printer) => removePrinter(printer.id),
    onSuccess: (_nothing, printer) => {
      announce(`${printer.name} removed`);
      refresh();
    },
  });
  useSessionEndedOn(remove.error);

  if (printers.data === null || stations.data === null) {
    return (
      <section aria-labelledby="printers-title">
        <h1 id="printers-title">Printers and stations</h1>
        <p>This provider does not offer stations or ticket printers.</p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const list = printers.data ?? [];

  return (
    <section aria-labelledby="printers-title" className="printers">
      <h1 id="printers-title">Printers and stations</h1>

      <h2>Stations</h2>
      <p>
        A ticket’s timer says “due” from the first number of minutes and “late” from the second. “At once” is how many
        tickets the station makes side by side: the guests’ wait divides the queue by it.
      </p>
      <LoadState query={stations} what="the stations" />
      <ul className="printers__stations">
        {(stations.data ?? []).map((settings) => (
          <StationRow key={settings.station} settings={settings} />
        ))}
      </ul>

      <h2>Ticket printers</h2>
      <p>
        Each station’s printer prints a ticket when an order is placed and when lines are added. A printer that does not
        answer holds no order back: its tickets wait, are tried again, and go to its backup after a few failures.
      </p>
      <LoadState query={printers} what="the printers" />
      {remove.isError && !isSessionEnded(remove.error) && (
        <p className="staff-error" role="alert">
          Could not remove: {problemText(remove.error)}
        </p>
      )}
      {list.length === 0 && printers.data && <p>No printer yet: tickets show on the screens only.</p>}
      {list.map((printer) => (
        <article key={printer.id} className="printer" aria-labelledby={`printer-${printer.id}`} data-testid="printer">
          <h3 id={`printer-${printer.id}`}>
            {printer.name} <span className="printer__where">({printer.station})</span>
          </h3>
          <p>
            {printer.host}:{printer.port} · {printer.width} mm
            {printer.backup !== null && <> · backup: {list.find((p) => p.id === printer.backup)?.name ?? '—'}</>}
          </p>
          <p data-testid="printer-state" className={printer.state === 'failing' ? 'staff-error' : undefined}>
            {printer.state === 'failing'
              ? `Not printing: ${printer.last_error ?? 'no answer'}`
              : `Ready${printer.last_ok_at ? ` · last printed ${time(printer.last_ok_at)}` : ''}`}{' '}
            · {printer.jobs_waiting} waiting
          </p>
          {printer.jobs.length > 0 && (
            <table className="printer__jobs">
              <caption className="visually-hidden">Latest tickets for {printer.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Kind</th>
                  <th scope="col">State</th>
                  <th scope="col">Tries</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {printer.jobs.slice(0, 8).map((job) => (
                  <tr key={job.id} data-testid="print-job">
                    <td>{job.order_id}</td>
                    <td>{job.kind === 'addition' ? 'add-on' : 'order'}</td>
                    <td>
                      {JOB_WORDS[job.status]}
                      {job.last_error && job.status !== 'sent' ? ` (${job.last_error})` : ''}
                    </td>
                    <td>{job.attempts}</td>
                    <td>{time(job.sent_at ?? job.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="printer__actions">
            <button
              type="button"
              className="staff-button"
              onClick={() => {
                save.reset();
                setEditing(printer.id);
                setForm(toForm(printer));
                document.getElementById(ids.name)?.focus();
              }}
            >
              Edit<span className="visually-hidden"> {printer.name}</span>
            </button>
            <button
              type="button"
              className="staff-button staff-button--quiet"
              disabled={remove.isPending}
              onClick={() => setRemoving(printer)}
            >
              Remove<span className="visually-hidden"> {printer.name}</span>
            </button>
          </div>
        </article>
      ))}

      <form className="printers__form" onSubmit={submit} aria-labelledby="printer-form-title">
        <h2 id="printer-form-title">{editing === null ? 'Add a printer' : 'Change the printer'}</h2>
        {save.isError && !isSessionEnded(save.error) && (
          <p className="staff-error" role="alert">
            Could not save: {problemText(save.error)}
          </p>
        )}
        <div className="staff-field">
          <label htmlFor={ids.name}>Name</label>
          <input
            id={ids.name}
            required
            maxLength={40}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={ids.station}>Station</label>
          <input
            id={ids.station}
            required
            pattern="[a-z0-9][a-z0-9\-]{0,29}"
            title="Lower-case letters, digits and -"
            list={`${ids.station}-list`}
            value={form.station}
            onChange={(event) => setForm({ ...form, station: event.target.value })}
          />
          <datalist id={`${ids.station}-list`}>
            {(stations.data ?? []).map((settings) => (
              <option key={settings.station} value={settings.station} />
            ))}
          </datalist>
        </div>
        <div className="staff-field">
          <label htmlFor={ids.host}>Address on the restaurant’s network (host name or IP)</label>
          <input
            id={ids.host}
            required
            maxLength={253}
            autoComplete="off"
            value={form.host}
            onChange={(event) => setForm({ ...form, host: event.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={ids.port}>Port</label>
          <input
            id={ids.port}
            type="number"
            required
            min={1}
            max={65535}
            value={form.port}
            onChange={(event) => setForm({ ...form, port: event.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={ids.width}>Paper width</label>
          <select
            id={ids.width}
            value={form.width}
            onChange={(event) => setForm({ ...form, width: event.target.value === '58' ? '58' : '80' })}
          >
            {PRINTER_WIDTHS.map((width) => (
              <option key={width} value={String(width)}>
                {width} mm
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={ids.backup}>Backup printer</label>
          <select
            id={ids.backup}
            value={form.backup}
            onChange={(event) => setForm({ ...form, backup: event.target.value })}
          >
            <option value="">None</option>
            {list
              .filter((printer) => printer.id !== editing)
              .map((printer) => (
                <option key={printer.id} value={String(printer.id)}>
                  {printer.name} ({printer.station})
                </option>
              ))}
          </select>
        </div>
        <div className="printer__actions">
          <button type="submit" className="staff-button staff-button--primary" disabled={save.isPending}>
            {editing === null ? 'Add printer' : 'Save printer'}
          </button>
          {editing !== null && (
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => {
                setEditing(null);
                setForm(EMPTY);
              }}
            >
              Stop editing
            </button>
          )}
        </div>
      </form>
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove the printer"
          cancelLabel="Keep the printer"
          testId="confirm-remove-printer"
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            remove.mutate(removing);
          }}
        >
          Its station’s tickets are no longer sent to it.
        </ConfirmDialog>
      )}
    </section>
  );
}

function StationRow({ settings }: { settings: StationSettings }) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [values, setValues] = useState({
    warn: String(settings.warn_minutes),
    late: String(settings.late_minutes),
    parallel: String(settings.parallel),
  });
  const ids = { warn: useId(), late: useId(), parallel: useId() };
  const save = useMutation({
    mutationFn: () =>
      setStation(settings.station, {
        warn_minutes: Number(values.warn),
        late_minutes: Number(values.late),
        parallel: Number(values.parallel),
      }),
    onSuccess: (saved) => {
      announce(`${saved.station}: due at ${saved.warn_minutes} min, late at ${saved.late_minutes} min`);
      void queryClient.invalidateQueries({ queryKey: staffKeys.stations });
    },
  });
  useSessionEndedOn(save.error);
  const field = (key: keyof typeof values, label: string) => (
    <span className="printers__field">
      <label htmlFor={ids[key]}>{label}</label>
      <input
        id={ids[key]}
        type="number"
        min={1}
        max={480}
        required
        value={values[key]}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      />
    </span>
  );
  return (
    <li>
      <form
        className="printers__station"
        aria-label={`Station ${settings.station}`}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <strong className="printers__station-name">{settings.station}</strong>
        {field('warn', 'Due after (min)')}
        {field('late', 'Late after (min)')}
        {field('parallel', 'At once')}
        <button type="submit" className="staff-button" disabled={save.isPending}>
          Save<span className="visually-hidden"> {settings.station}</span>
        </button>
        {save.isError && !isSessionEnded(save.error) && (
          <span className="staff-error" role="alert">
            {problemText(save.error)}
          </span>
        )}
      </form>
    </li>
  );
}
