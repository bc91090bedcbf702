// Reads the bill's and the tables editor's requests into typed input (contract v1.2), shared with the MSW fake.
import type * as z from 'zod/mini';
import { demoPaymentSchema, newShareSchema } from '../../contract/bill';
import {
  clearTableSchema,
  newTableSchema,
  refundSchema,
  tablePatchSchema,
  tillPaymentSchema,
} from '../../contract/tables';
import { toCents } from '../../src/domain/money';
import type { ShareRequest, TipRequest } from '../../src/domain/bill';
import { parseJsonBody, parseWith } from '../api/request-parsing';

export type NewShareInput = z.output<typeof newShareSchema>;

export const parseNewShare = (body: unknown): NewShareInput => parseWith(newShareSchema, body, 'share');
export const parseDemoPayment = (body: unknown) => parseWith(demoPaymentSchema, body, 'payment');
export const parseTillPayment = (body: unknown) => parseWith(tillPaymentSchema, body, 'payment');
export const parseRefund = (body: unknown) => parseWith(refundSchema, body, 'refund');
export const parseNewTable = (body: unknown) => parseWith(newTableSchema, body, 'table');
export const parseTablePatch = (body: unknown) => parseWith(tablePatchSchema, body, 'change');

/** The clear's body is optional: an empty one asks nothing. */
export const parseClear = (text: string) =>
  text.trim() === '' ? {} : parseWith(clearTableSchema, parseJsonBody(text), 'clear');

/** The share asked for, in cents, for the domain's planShare. */
export function shareRequestOf(input: NewShareInput): { request: ShareRequest; tip: TipRequest | undefined } {
  const tip =
    input.tip === undefined
      ? undefined
      : 'rate' in input.tip
        ? { rate: input.tip.rate }
        : { amountCents: toCents(input.tip.amount) };
  if (input.kind === 'items') {
    return {
      request: { kind: 'items', lines: input.lines.map((line) => ({ lineId: line.line_id, quantity: line.quantity })) },
      tip,
    };
  }
  if (input.kind === 'equal') return { request: { kind: 'equal', parts: input.parts }, tip };
  return { request: { kind: 'amount', amountCents: input.amount === 'rest' ? 'rest' : toCents(input.amount) }, tip };
}

/** A stable text of what a share asks for: the same Idempotency-Key with another fingerprint is another share. */
export const shareFingerprint = (input: NewShareInput) => JSON.stringify(input);
