// What a contract case talks to: one provider (fake or real), reached over fetch, plus a way to move orders on.
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import { ERROR_CODES, errorBodySchema, type ErrorBody } from '../../contract/guest';
import type { ContractVersion } from '../../contract/operations/operation';

export interface ContractTarget {
  /** The provider's origin, e.g. http://localhost:3000 (fake) or http://127.0.0.1:54321 (real). */
  origin: string;
  token: string;
  /** Moves an order one kitchen step on: the real kitchen's advance(), or the fake's. */
  advance(orderID: string): Promise<void>;
  /** A table's key, as its QR code carries it (staff see it; the suite reads it from the provider's side). */
  tableKey(tableId: number): Promise<string>;
  /** A table started with a small new-order limit, so the limit's cases need only a few orders. */
  limitedTable: { id: number; ordersPerMinute: number };
  /** Lets every open share's 10-minute hold run out now (the provider's clock is not the test's to move). */
  expireShares(): Promise<void>;
  /**
   * Moves orders (their lines added then, and done `doneAfterMinutes` later) and a seating's payments and refunds to
   * other times, so the day's figures can be checked on a past day. Every target that offers the report has it.
   */
  setTimes?(moves: TimeMoves): Promise<void>;
  /** The newest contract version the target speaks; absent, the newest there is. */
  version?: ContractVersion;
}

/** Whether the target speaks `since` (a call added in that version): `1.2` speaks `1.1`, not the other way round. */
export function speaks(target: ContractTarget, since: ContractVersion): boolean {
  if (target.version === undefined) return true;
  const [major = 0, minor = 0] = target.version.split('.').map(Number);
  const [sinceMajor = 0, sinceMinor = 0] = since.split('.').map(Number);
  return major > sinceMajor || (major === sinceMajor && minor >= sinceMinor);
}

export interface TimeMoves {
  orders?: { orderID: string; at: string; doneAfterMinutes?: number }[];
  seatings?: { seatingId: number; at: string }[];
}

/** The table the contract targets limit, and its limit; no other table is limited. */
export const LIMITED_TABLE = { id: 12, ordersPerMinute: 3 } as const;
export const contractOrderLimit = (tableId: number) =>
  tableId === LIMITED_TABLE.id ? LIMITED_TABLE.ordersPerMinute : 0;

/**
 * The sign-in throttle every target runs with: five failures per account (or known device), then a wait long enough
 * that no slow run outwaits it; the suite signs in many times from one address, so that count is left out of the way.
 */
export const CONTRACT_SIGN_IN = {
  account: { free: 5, firstDelayMs: 10 * 60_000, maxDelayMs: 10 * 60_000 },
  client: { free: 10_000, firstDelayMs: 1_000, maxDelayMs: 1_000 },
  device: { free: 5, firstDelayMs: 10 * 60_000, maxDelayMs: 10 * 60_000 },
  forgetAfterMs: 60 * 60_000,
} as const;

/** Guests' changes to one order: a small per-minute limit the cases reach; no limit in all (a provider test has it). */
export const CONTRACT_ORDER_CHANGES = { perMinute: 6, total: 0 } as const;

export interface Call {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  /** Under /api/v1/, e.g. `menu`; a leading `/` means an absolute path. */
  path: string;
  query?: Record<string, string | number>;
  /** Sent as JSON unless `rawBody` is given. */
  body?: unknown;
  /** Sent as is (with its own Content-Type header): CSV text, a photo's bytes. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** false: no Authorization header; a string: that token instead of the right one. */
  auth?: boolean | string;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

export class ContractClient {
  constructor(readonly target: ContractTarget) {}

  async call(call: Call): Promise<Answer> {
    const path = call.path.startsWith('/') ? call.path : `/api/v1/${call.path}`;
    const url = new URL(path, this.target.origin);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    const auth = call.auth ?? true;
    if (auth !== false) headers.Authorization = `Bearer ${auth === true ? this.target.token : auth}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined = call.rawBody;
    if (body === undefined && call.body !== undefined) body = JSON.stringify(call.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(url, { method: call.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('Content-Type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** Calls, checks the status, and parses the body with the contract's schema. */
  async expectOk<S extends z.ZodMiniType>(call: Call, status: number, schema: S): Promise<z.output<S>> {
    const answer = await this.call(call);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return schema.parse(answer.body);
  }

  /** Calls and checks the answer is the contract's error for `status`, naming at least `fields`. */
  async expectError(call: Call, status: keyof typeof ERROR_CODES, fields: string[] = []): Promise<ErrorBody> {
    const answer = await this.call(call);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    const body = errorBodySchema.parse(answer.body);
    expect(body.error.code).toBe(ERROR_CODES[status]);
    expect(body.error.message.length).toBeGreaterThan(0);
    for (const field of fields) expect(Object.keys(body.error.fields ?? {})).toContain(field);
    return body;
  }

  advance(orderID: string, steps = 1): Promise<void> {
    return Array.from({ length: steps }).reduce<Promise<void>>(
      (previous) => previous.then(() => this.target.advance(orderID)),
      Promise.resolve(),
    );
  }
}
