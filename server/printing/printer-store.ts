// The stations' printers in the database (manager's CRUD), each answered with its state and its station's latest tickets.
import type { Printer, PrintJob } from '../../contract/kitchen';
import { invalid, notFound } from '../api/provider-error';
import type { Queryable } from '../db/database';

/** How many of a station's latest tickets GET staff/printers shows under each of its printers. */
export const JOBS_SHOWN = 10;

export interface PrinterInput {
  name: string;
  station: string;
  host: string;
  port: number;
  width: 58 | 80;
  backup: number | null;
}

const JOB_JSON = `json_build_object('id', j.id, 'order_id', j.order_id, 'table_id', o.table_id, 'station', j.station,
  'kind', j.kind, 'status', j.status, 'attempts', j.attempts, 'printer', j.printer_id, 'last_error', j.last_error,
  'created_at', api_time(j.created_at),
  'next_attempt_at', CASE WHEN j.status = 'waiting' THEN api_time(j.next_attempt_at) END,
  'sent_at', api_time(j.sent_at))`;

const SELECT_PRINTERS = `
  SELECT p.id, p.name, p.station, p.host, p.port, p.width, p.backup_id AS backup,
         CASE WHEN p.last_error_at IS NOT NULL AND (p.last_ok_at IS NULL OR p.last_error_at > p.last_ok_at)
              THEN 'failing' ELSE 'ready' END AS state,
         api_time(p.last_ok_at) AS last_ok_at,
         CASE WHEN p.last_error_at IS NOT NULL AND (p.last_ok_at IS NULL OR p.last_error_at > p.last_ok_at)
              THEN p.last_error END AS last_error,
         (SELECT count(*)::int FROM print_jobs w WHERE w.station = p.station AND w.status IN ('waiting', 'sending'))
           AS jobs_waiting,
         coalesce((SELECT json_agg(${JOB_JSON} ORDER BY j.id DESC)
                   FROM (SELECT * FROM print_jobs WHERE station = p.station ORDER BY id DESC LIMIT ${JOBS_SHOWN}) j
                   JOIN orders o ON o.order_id = j.order_id), '[]'::json) AS jobs
  FROM printers p`;

type PrinterRow = Omit<Printer, 'jobs'> & { jobs: PrintJob[] };

const toPrinter = (row: PrinterRow): Printer => ({ ...row, width: row.width === 58 ? 58 : 80 });

export async function listPrinters(db: Queryable): Promise<Printer[]> {
  const rows = await db.query<PrinterRow>(`${SELECT_PRINTERS} ORDER BY p.station, p.id`);
  return rows.map(toPrinter);
}

export async function getPrinter(db: Queryable, id: number): Promise<Printer> {
  const [row] = await db.query<PrinterRow>(`${SELECT_PRINTERS} WHERE p.id = $1`, [id]);
  if (!row) throw printerNotFound(id);
  return toPrinter(row);
}

export const printerNotFound = (id: number) => notFound(`There is no printer ${id}`);

async function checkBackup(db: Queryable, backup: number | null, self?: number): Promise<void> {
  if (backup === null) return;
  if (backup === self) throw invalid('A printer cannot be its own backup', { backup: 'another printer' });
  const [found] = await db.query('SELECT 1 FROM printers WHERE id = $1', [backup]);
  if (!found) throw invalid(`There is no printer ${backup} to be the backup`, { backup: 'no such printer' });
}

export async function addPrinter(db: Queryable, input: PrinterInput): Promise<Printer> {
  await checkBackup(db, input.backup);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO printers (name, station, host, port, width, backup_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.name, input.station, input.host, input.port, input.width, input.backup],
  );
  if (!row) throw new Error('The printer was not added');
  return getPrinter(db, row.id);
}

/** Changes the fields given; a new address clears what the worker last saw of the old one. */
export async function updatePrinter(db: Queryable, id: number, patch: Partial<PrinterInput>): Promise<Printer> {
  const current = await getPrinter(db, id);
  const next: PrinterInput = {
    name: patch.name ?? current.name,
    station: patch.station ?? current.station,
    host: patch.host ?? current.host,
    port: patch.port ?? current.port,
    width: patch.width ?? current.width,
    backup: patch.backup === undefined ? current.backup : patch.backup,
  };
  await checkBackup(db, next.backup, id);
  const moved = next.host !== current.host || next.port !== current.port;
  await db.query(
    `UPDATE printers SET name = $2, station = $3, host = $4, port = $5, width = $6, backup_id = $7,
            last_ok_at = CASE WHEN $8 THEN NULL ELSE last_ok_at END,
            last_error = CASE WHEN $8 THEN NULL ELSE last_error END,
            last_error_at = CASE WHEN $8 THEN NULL ELSE last_error_at END
     WHERE id = $1`,
    [id, next.name, next.station, next.host, next.port, next.width, next.backup, moved],
  );
  return getPrinter(db, id);
}

/** Removes a printer; printers it backed up lose their backup, and its station's waiting tickets wait for another. */
export async function removePrinter(db: Queryable, id: number): Promise<void> {
  const removed = await db.query('DELETE FROM printers WHERE id = $1 RETURNING id', [id]);
  if (removed.length === 0) throw printerNotFound(id);
}
