// Sends the print jobs written with orders: claimed with SKIP LOCKED (one process per job), retried with back-off, then failed over to the backup.
import { connect } from 'node:net';
import type { KitchenOrder } from '../../contract/kitchen';
import type { Database } from '../db/database';
import { getOrder } from '../orders/order-store';
import { readRestaurant } from '../restaurant/restaurant-store';
import { renderTicket, type TicketContent } from './ticket';
import { stationsOf } from '../../src/domain/kitchen';

export interface PrintWorkerOptions {
  /** How often waiting jobs are looked for when nothing wakes the worker; 0: no timer (tests call tick()). */
  pollMs?: number;
  /**
   * How often they are looked for once none is left: this process's orders wake the worker themselves, so the look
   * only finds a job another process wrote and never sent (it stopped first). Four statements a second in an idle
   * restaurant cost a PGlite provider a few per cent of a core for nothing.
   */
  idlePollMs?: number;
  /** A printer that has not taken the ticket within this is failing. */
  sendTimeoutMs?: number;
  /** Failed attempts on the station's printer before its jobs go to its backup. */
  failoverAfter?: number;
  /** The longest wait between two attempts; they start at a second and double. */
  maxBackoffMs?: number;
  /** A ticket not printed within this many minutes is dropped (expired): the screens have long shown it. */
  expireMinutes?: number;
  /** Jobs claimed in one pass (sent side by side across printers, in order on each). */
  batch?: number;
  hooks?: PrintWorkerHooks;
}

/** Where operations hang their metrics and logs (the print-jobs gauge, failovers); all optional. */
export interface PrintWorkerHooks {
  /** After each pass: jobs not yet printed (waiting or being sent), across every station. */
  onWaiting?: (waiting: number) => void;
  /** A job that failed `failoverAfter` times on its station's printer goes to the backup from now on. */
  onFailover?: (event: { jobId: number; station: string; from: number; to: number; error: string }) => void;
  onSent?: (event: { jobId: number; printer: number }) => void;
  onError?: (error: unknown) => void;
}

export interface PrintWorker {
  /** Looks for due jobs soon (after an order or an addition commits). */
  wake(): void;
  /**
   * One pass: expires old jobs, claims due ones and sends them. Resolves with how many were printed, once a pass that
   * started after the call has ended (if one was running, the next).
   */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

interface ClaimedJob {
  id: number;
  order_id: string;
  station: string;
  line_ids: number[];
  kind: 'order' | 'addition';
  attempts: number;
}

interface PrinterRow {
  id: number;
  station: string;
  host: string;
  port: number;
  width: 58 | 80;
  backup_id: number | null;
}

/** A claim lasts this long past the send's timeout: a process that died mid-send gives its jobs back after it. */
const CLAIM_SLACK_SECONDS = 30;

/** Wait before attempt `attempts + 1`: 1 s, 2 s, 4 s… up to `maxMs`. */
export const retryDelayMs = (attempts: number, maxMs: number) => Math.min(maxMs, 1000 * 2 ** Math.max(0, attempts - 1));

/** Sends bytes to a raw (port 9100) printer: resolved once they are handed to the network, rejected otherwise. */
export function sendToPrinter(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve();
    };
    const timer = setTimeout(
      () => settle(new Error(`${host}:${port} did not take the ticket within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once('error', (error) => settle(error));
    socket.once('connect', () => {
      // Raw printers keep no conversation: once the bytes are written and our side is closed, the ticket is theirs.
      socket.end(Buffer.from(bytes), () => {
        settle();
        // Some printers never close their side; the socket is not kept waiting for them.
        setTimeout(() => socket.destroy(), 1000).unref();
      });
    });
  });
}

function describe(error: unknown): string {
  const text = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
  return text.slice(0, 200);
}

export function startPrintWorker(db: Database, options: PrintWorkerOptions = {}): PrintWorker {
  const {
    pollMs = 1000,
    idlePollMs = 10_000,
    sendTimeoutMs = 5000,
    failoverAfter = 3,
    maxBackoffMs = 30_000,
    expireMinutes = 60,
    batch = 8,
    hooks = {},
  } = options;
  let pass: Promise<number> | undefined;
  // The pass that runs right after the one in progress, for the jobs that came while it ran.
  let next: Promise<number> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the last pass ended with nothing waiting (undefined: something was, or no pass yet). */
  let quietAt: number | undefined;

  const claim = () =>
    db.query<ClaimedJob>(
      `WITH due AS (
         SELECT id FROM print_jobs
         WHERE (status = 'waiting' AND next_attempt_at <= now()) OR (status = 'sending' AND claimed_until < now())
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE print_jobs j SET status = 'sending', claimed_until = now() + make_interval(secs => $2)
       FROM due WHERE j.id = due.id
       RETURNING j.id, j.order_id, j.station, j.line_ids, j.kind, j.attempts`,
      [batch, sendTimeoutMs / 1000 + CLAIM_SLACK_SECONDS],
    );

  async function contentOf(job: ClaimedJob, timeZone: string): Promise<TicketContent> {
    const order: KitchenOrder = await getOrder(db, job.order_id);
    const [table] = await db.query<{ name: string }>('SELECT name FROM dining_tables WHERE id = $1', [order.table_id]);
    const lines = order.items.filter((line) => job.line_ids.includes(line.line_id));
    const placed = job.kind === 'addition' ? (lines[0]?.added_at ?? order.updated_at) : order.created_at;
    return {
      station: job.station,
      kind: job.kind,
      orderID: order.orderID,
      table: table?.name ?? `Table ${order.table_id}`,
      guest: order.guest ?? null,
      time: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(placed)),
      lines: lines.map((line) => ({
        quantity: line.quantity,
        name: line.name,
        choices: (line.choices ?? []).map((choice) => choice.name),
        note: line.note,
        allergens: line.allergens ?? null,
      })),
      allergies: order.allergies ?? [],
      note: job.kind === 'order' ? order.note : '',
      stations: stationsOf(order),
    };
  }

  async function failed(job: ClaimedJob, printer: PrinterRow | undefined, error: string) {
    const attempts = job.attempts + 1;
    await db.query(
      `UPDATE print_jobs SET status = 'waiting', attempts = $2, last_error = $3, printer_id = $4, claimed_until = NULL,
              next_attempt_at = now() + make_interval(secs => $5)
       WHERE id = $1`,
      [job.id, attempts, error, printer?.id ?? null, retryDelayMs(attempts, maxBackoffMs) / 1000],
    );
    if (printer) {
      await db.query('UPDATE printers SET last_error = $2, last_error_at = now() WHERE id = $1', [printer.id, error]);
      if (attempts === failoverAfter && printer.backup_id !== null) {
        hooks.onFailover?.({ jobId: job.id, station: job.station, from: printer.id, to: printer.backup_id, error });
      }
    }
  }

  async function send(job: ClaimedJob, printer: PrinterRow | undefined, timeZone: string): Promise<boolean> {
    if (!printer) {
      await failed(job, undefined, `no printer for ${job.station}`);
      return false;
    }
    try {
      const bytes = renderTicket(await contentOf(job, timeZone), printer.width);
      await sendToPrinter(printer.host, printer.port, bytes, sendTimeoutMs);
    } catch (error) {
      await failed(job, printer, describe(error));
      return false;
    }
    await db.query(
      `UPDATE print_jobs SET status = 'sent', sent_at = now(), printer_id = $2, claimed_until = NULL, last_error = NULL
       WHERE id = $1`,
      [job.id, printer.id],
    );
    await db.query('UPDATE printers SET last_ok_at = now() WHERE id = $1', [printer.id]);
    hooks.onSent?.({ jobId: job.id, printer: printer.id });
    return true;
  }

  /** The station's first printer, or its backup once the job has failed there `failoverAfter` times. */
  function targetOf(job: ClaimedJob, printers: readonly PrinterRow[]): PrinterRow | undefined {
    const primary = printers.find((printer) => printer.station === job.station);
    if (!primary || job.attempts < failoverAfter || primary.backup_id === null) return primary;
    return printers.find((printer) => printer.id === primary.backup_id) ?? primary;
  }

  async function runPass(): Promise<number> {
    await db.query(
      `UPDATE print_jobs SET status = 'expired', claimed_until = NULL
       WHERE status IN ('waiting', 'sending') AND created_at < now() - make_interval(mins => $1)
         AND (status = 'waiting' OR claimed_until < now())`,
      [expireMinutes],
    );
    let printed = 0;
    for (;;) {
      const jobs = await claim();
      if (jobs.length === 0) break;
      const printers = await db.query<PrinterRow>(
        'SELECT id, station, host, port, width, backup_id FROM printers ORDER BY id',
      );
      const { time_zone: timeZone } = await readRestaurant(db);
      // Side by side across printers, in order on each: one dead printer does not hold the others' tickets.
      const byPrinter = new Map<number | undefined, ClaimedJob[]>();
      for (const job of jobs) {
        const target = targetOf(job, printers)?.id;
        byPrinter.set(target, [...(byPrinter.get(target) ?? []), job]);
      }
      const results = await Promise.all(
        [...byPrinter].map(async ([id, queue]) => {
          let sent = 0;
          for (const job of queue) {
            if (
              await send(
                job,
                printers.find((printer) => printer.id === id),
                timeZone,
              )
            )
              sent++;
          }
          return sent;
        }),
      );
      printed += results.reduce((sum, sent) => sum + sent, 0);
      if (jobs.length < batch || stopped) break;
    }
    // Jobs being sent count too: another process's claim that lapses (it stopped mid-send) is this one's to retry.
    const [row] = await db.query<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM print_jobs WHERE status IN ('waiting', 'sending')",
    );
    const waiting = row?.waiting ?? 0;
    quietAt = waiting === 0 ? Date.now() : undefined;
    hooks.onWaiting?.(waiting);
    return printed;
  }

  function tick(): Promise<number> {
    if (!pass) {
      pass = runPass().finally(() => {
        pass = undefined;
      });
      return pass;
    }
    // A pass is running and may have claimed its jobs before the caller's arrived: one more runs after it, and the
    // caller waits for that one. Callers that come meanwhile share it.
    next ??= pass
      .catch(() => 0)
      .then(() => {
        next = undefined;
        return stopped ? 0 : tick();
      });
    return next;
  }

  // Once a pass is queued, the callers who queued it hear of its failure: reported once, not once per wake.
  const run = () => {
    if (!next) void tick().catch((error: unknown) => (hooks.onError ?? report)(error));
  };
  if (pollMs > 0) {
    timer = setInterval(() => {
      if (quietAt === undefined || Date.now() - quietAt >= idlePollMs) run();
    }, pollMs);
    timer.unref();
  }

  return {
    wake() {
      if (!stopped) queueMicrotask(run);
    },
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await (next ?? pass)?.catch(() => undefined);
    },
  };
}

function report(error: unknown): void {
  console.error('Print pass failed:', error instanceof Error ? error.message : error);
}
