// Turns anything thrown while answering into the contract's JSON error, logging only real faults.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { badRequest, internal, ProviderError, unavailable, type ErrorStatus } from '../api/provider-error';
import { ERROR_CODES } from '../../contract/guest';
import { isConnectionFailure } from '../db/pg-database';

export function errorAnswer(c: Context, error: ProviderError): Response {
  if (error.status === 401) c.header('WWW-Authenticate', 'Bearer realm="provider"');
  if (error.status === 503) c.header('Retry-After', '5');
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.toBody(), error.status);
}

// Connection-level failures of PostgreSQL (refused, shut down, too many clients, class 08) mean "try again
// later", not "the server is broken".
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
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return isConnectionFailure(error);
}

export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof HTTPException && error.status in ERROR_CODES) {
    return new ProviderError(error.status as ErrorStatus, error.message || 'The request could not be handled');
  }
  if (error instanceof HTTPException && error.status < 500) return badRequest(error.message || 'Bad request');
  if (isUnavailable(error)) {
    console.error('Database unavailable:', error instanceof Error ? error.message : error);
    return unavailable();
  }
  console.error('Unexpected error while answering a request:', error);
  return internal();
}
