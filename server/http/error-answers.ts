// Turns anything thrown while answering into the contract's JSON error, logging only real faults.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { badRequest, internal, ProviderError, unavailable, type ErrorStatus } from '../api/provider-error';
import { ERROR_CODES } from '../../contract/guest';
import { DatabaseUnavailableError } from '../db/database';
import { isConnectionFailure } from '../db/pg-database';
import { log } from '../ops/log';
import type { LogFields } from '../ops/request-context';

export function errorAnswer(c: Context, error: ProviderError): Response {
  if (error.status === 401) c.header('WWW-Authenticate', 'Bearer realm="provider"');
  if (error.status === 503) c.header('Retry-After', '5');
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.toBody(), error.status);
}

// Connection-level failures of PostgreSQL (refused, shut down, class 08) mean "try again later", not "the server is
// broken"; so do a lack of resources (class 53: disk full, out of memory, too many clients) and system errors (class
// 58: a file PGlite could not read or write), which need a person but are no fault of the request.
// 57014: a statement timed out; 25P03: a transaction idled too long; both mean the database is too slow now.
const UNAVAILABLE_CODES = new Set([
  '57014',
  '25P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(08|53|58)/.test(code))) return true;
  return isConnectionFailure(error);
}

/**
 * The contract's error for anything thrown. A fault is logged with `report`'s fields (the request's id); `report` false:
 * only to know which (a counter), the log is left alone.
 */
export function toProviderError(error: unknown, report: LogFields | false = {}): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof HTTPException && error.status in ERROR_CODES) {
    return new ProviderError(error.status as ErrorStatus, error.message || 'The request could not be handled');
  }
  if (error instanceof HTTPException && error.status < 500) return badRequest(error.message || 'Bad request');
  if (isUnavailable(error)) {
    // While the database is known to be away, its lost and back lines say it all; one line per request would not.
    if (report && !(error instanceof DatabaseUnavailableError)) {
      const code = (error as { code?: unknown }).code;
      const needsAPerson = typeof code === 'string' && /^(53|58)/.test(code);
      log[needsAPerson ? 'error' : 'warn'](
        { ...report, event: 'database_error', code, error: error instanceof Error ? error.message : String(error) },
        'The database could not answer: 503',
      );
    }
    return unavailable();
  }
  if (report) {
    log.error({ ...report, event: 'unexpected_error', err: error }, 'Unexpected error while answering a request: 500');
  }
  return internal();
}
