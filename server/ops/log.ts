// The provider's log: one line per request and per notable event, JSON for machines (pino) or lines for people.
import pino, { type DestinationStream, type Level, type LevelWithSilent, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { DatabaseUnavailableError } from '../db/database';

export type LogFormat = 'json' | 'pretty';

export interface LogOptions {
  format: LogFormat;
  /** Default `info`: one line per request. */
  level?: LevelWithSilent;
  /** Fields on every line, such as the worker's number under `npm run serve`. */
  fields?: Record<string, string | number>;
  /** Default standard output; tests pass a stream of their own. */
  destination?: DestinationStream;
}

// What a request line's human form shows; the JSON line carries every field.
const PRETTY_HIDDEN = 'pid,hostname,method,route,status,duration_ms,request_id';

export function createLogger({ format, level = 'info', fields = {}, destination }: LogOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid, ...fields },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  const out =
    destination ??
    (format === 'json'
      ? // Lines are gathered up to 4 KiB and written at least every 100 ms: a write to standard output per request was
        // a tenth of a busy process's time. pino writes what is left when the process exits (and flushLog before).
        pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 })
      : pretty({
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: PRETTY_HIDDEN,
          messageFormat: '{msg}{if request_id} [{request_id}]{end}',
          // Our `error` fields are one-line messages; `err` is a thrown error, with its stack.
          errorLikeObjectKeys: ['err'],
        }));
  return pino(options, out);
}

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readLogLevel(raw: string | undefined): LevelWithSilent {
  const value = (raw?.trim().toLowerCase() || 'info') as LevelWithSilent;
  if (!LEVELS.includes(value))
    throw new Error(`PROVIDER_LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${value}"`);
  return value;
}

// Until a start configures it: warnings and errors only, for people (tests and scripts start providers in-process).
let current: Logger = createLogger({ format: 'pretty', level: 'warn' });

/** Makes `logger` the process's log (main.ts and serve.ts, from PROVIDER_LOG and PROVIDER_LOG_LEVEL). */
export function useLogger(logger: Logger): void {
  current = logger;
}

export const processLogger = (): Logger => current;

type Write = (fields: Record<string, unknown>, message: string) => void;
const at =
  (level: Level): Write =>
  (fields, message) =>
    current[level](fields, message);

/**
 * The process's log for notable events: `log.warn({ event: 'print_failover', printer: 'bar' }, 'Print job moved')`.
 * Give each kind of event a stable `event` name, so it can be searched and alerted on; never a key, cookie, password
 * or card detail.
 */
export const log = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };

/**
 * A background task failed (a kitchen pass, reading live events): a warning, except while the database is known to be
 * away, which its own lost and back lines already say (a task retried every 50 ms would fill the log).
 */
export function logTaskFailure(event: string, message: string, error: unknown): void {
  const fields = { event, error: error instanceof Error ? error.message : String(error) };
  if (error instanceof DatabaseUnavailableError) log.debug(fields, message);
  else log.warn(fields, message);
}

/** Writes what is buffered (before the process exits). */
export const flushLog = (): Promise<void> =>
  new Promise((resolve) => {
    current.flush(() => resolve());
  });
