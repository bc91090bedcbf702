// Turns raw requests (query strings, headers, JSON text) into typed input or a ProviderError.
// Framework-free, so the real provider and the MSW fake read requests identically.
import type * as z from 'zod/mini';
import { hasUnstorableText, orderIdSchema, queryIdSchema } from '../../contract/guest';
import { addMenuSchema, idempotencyKeySchema, newOrderSchema } from '../../contract/orders';
import { newServiceRequestSchema } from '../../contract/orders';
import { normalizeOrderId } from '../orders/order-id';
import { badRequest, invalid, unauthorized, unsupportedMediaType, type FieldErrors } from './provider-error';
import './zod-messages';

export const MAX_BODY_BYTES = 64 * 1024;

export type NewOrderInput = z.output<typeof newOrderSchema>;
export type AddMenuInput = z.output<typeof addMenuSchema>;
export type NewServiceRequestInput = z.output<typeof newServiceRequestSchema>;

export type MenuFilter =
  | { kind: 'all' }
  | { kind: 'category'; id: number }
  | { kind: 'sub-category'; id: number }
  | { kind: 'item'; id: number };

/** Throws 401 unless the Authorization header carries exactly this bearer token. */
export function checkBearer(authorization: string | null | undefined, token: string): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match || !sameText(match[1] ?? '', token)) throw unauthorized();
}

// Compares without stopping at the first difference, so answer timing does not reveal the token bit by bit.
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || 'body';
    fields[path] ??= issue.message;
  }
  return fields;
}

function describeFields(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([path, reason]) => `${path}: ${reason}`)
    .join('; ');
}

function optionalQueryId(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const parsed = queryIdSchema.safeParse(raw);
  if (!parsed.success) {
    throw badRequest(`${name} must be a positive whole number, not "${raw}"`, { [name]: 'must be a positive integer' });
  }
  return parsed.data;
}

function requiredQueryId(params: URLSearchParams, name: string): number {
  const id = optionalQueryId(params, name);
  if (id === undefined) throw badRequest(`${name} is required`, { [name]: 'required' });
  return id;
}

export function parseSubCategoryQuery(params: URLSearchParams): { categoryId?: number } {
  const categoryId = optionalQueryId(params, 'category_id');
  return categoryId === undefined ? {} : { categoryId };
}

export function parseMenuQuery(params: URLSearchParams): MenuFilter {
  const given = (['cat_id', 'sub_cat_id', 'menu_id'] as const).filter((name) => params.has(name));
  if (given.length > 1) {
    const fields = Object.fromEntries(given.map((name) => [name, 'use only one of cat_id, sub_cat_id, menu_id']));
    throw badRequest(`Filter the menu by one of cat_id, sub_cat_id or menu_id, not ${given.join(' and ')}`, fields);
  }
  const [name] = given;
  if (name === undefined) return { kind: 'all' };
  const id = requiredQueryId(params, name);
  if (name === 'cat_id') return { kind: 'category', id };
  if (name === 'sub_cat_id') return { kind: 'sub-category', id };
  return { kind: 'item', id };
}

function queryOrderId(params: URLSearchParams): string | undefined {
  const raw = params.get('orderID');
  if (raw === null) return undefined;
  if (hasUnstorableText(raw)) {
    throw invalid('orderID must not contain NUL bytes or unpaired surrogates', {
      orderID: 'must not contain NUL bytes or unpaired surrogates',
    });
  }
  const parsed = orderIdSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('orderID must be a non-empty order number', { orderID: 'must not be empty' });
  return normalizeOrderId(parsed.data);
}

export function parseOrdersQuery(params: URLSearchParams): { orderID?: string } {
  const orderID = queryOrderId(params);
  return orderID === undefined ? {} : { orderID };
}

export function parseRemoveMenuQuery(params: URLSearchParams): { orderID: string; lineId: number } {
  const orderID = queryOrderId(params);
  if (orderID === undefined) throw badRequest('orderID is required', { orderID: 'required' });
  return { orderID, lineId: requiredQueryId(params, 'line_id') };
}

/** No header means a plain, non-idempotent create; a header that is present must be a well-formed key. */
export function parseIdempotencyKey(header: string | null | undefined): string | undefined {
  if (header === null || header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'invalid';
    throw badRequest(`The Idempotency-Key header must be 8 to 128 letters, digits, - or _ (${reason})`, {
      'Idempotency-Key': reason,
    });
  }
  return parsed.data;
}

/** A secret sent in a header (X-Order-Key, X-Table-Key): absent or empty is none; its value is never echoed. */
export function secretHeader(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A body labelled as anything but JSON is refused (415): a browser form or a text/plain request cannot pass as one. */
export function checkJsonContentType(contentType: string | null | undefined): void {
  if (contentType === null || contentType === undefined || contentType.trim() === '') return;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType)) return;
  throw unsupportedMediaType(mediaType);
}

/** Reads a JSON body; an empty or unparsable body is a malformed request (400), not an invalid one (422). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw badRequest('The request body must be JSON, and it is empty');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
}

/** Parses `body` with a contract schema, or throws 422 naming every bad field (`what` names the thing in the message). */
export function parseWith<Schema extends z.ZodMiniType>(schema: Schema, body: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  throw invalid(`This ${what} is not valid: ${describeFields(fields)}`, fields);
}

export function parseNewOrder(body: unknown): NewOrderInput {
  return parseWith(newOrderSchema, body, 'order');
}

/** A table's service request (contract v1.1 "Table sessions"): `{ kind: "waiter" | "bill", note? }`. */
export function parseServiceRequest(body: unknown): NewServiceRequestInput {
  return parseWith(newServiceRequestSchema, body, 'service request');
}

export function parseAddMenu(body: unknown): AddMenuInput {
  const parsed = parseWith(addMenuSchema, body, 'addition');
  return { ...parsed, orderID: normalizeOrderId(parsed.orderID) };
}

/**
 * A stable text of what an order request asks for: the same key with a different fingerprint is a different
 * order. A missing note and an empty note ask for the same thing.
 */
export function orderFingerprint(order: NewOrderInput): string {
  return JSON.stringify({
    table_id: order.table_id,
    note: order.note ?? '',
    // Only when sent, so keys stored before guest names existed still match their requests.
    ...(order.guest === undefined ? {} : { guest: order.guest }),
    // Allergies are a set too; none adds nothing, so keys stored before they existed still match.
    ...(order.allergies === undefined || order.allergies.length === 0
      ? {}
      : { allergies: [...order.allergies].sort() }),
    items: order.items.map((line) => ({
      menu_id: line.menu_id,
      quantity: line.quantity,
      note: line.note ?? '',
      ...choicesFingerprint(line.choices),
    })),
  });
}

// Choices are a set: their order does not change what is asked. None adds nothing, so keys stored before options
// existed still match their requests.
function choicesFingerprint(choices: readonly number[] | undefined): { choices?: number[] } {
  return choices === undefined || choices.length === 0 ? {} : { choices: [...choices].sort((a, b) => a - b) };
}

/** The same for an addition to an order: the same key with another fingerprint is another addition. */
export function additionFingerprint(input: AddMenuInput): string {
  return JSON.stringify({
    orderID: input.orderID,
    menu_id: input.menu_id,
    quantity: input.quantity,
    note: input.note ?? '',
    ...choicesFingerprint(input.choices),
  });
}
