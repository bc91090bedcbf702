// What only the console's calls need of the client (client.ts): list answers checked against the list held, answers
// with no body and files. A module of its own, so the guests' first screen does not carry it.
import * as z from 'zod/mini';
import { asCall, parseAnswer, sendCall, type CallInit } from './client';

/**
 * A list answer read already, validated against the list held from before: an item that reads exactly as the held item
 * of the same `key` is that item (validated when it came), and only new or changed items go through the schema. A
 * refetch that finds little changed then checks little, and every unchanged item keeps its object. Any item that does
 * not match fails the whole answer, as `parseAnswer` of the list would.
 */
export function parseListAnswer<Schema extends z.core.$ZodType>(
  itemSchema: Schema,
  body: unknown,
  held: readonly z.output<Schema>[] | undefined,
  key: string,
): z.output<Schema>[] {
  if (held === undefined || held.length === 0 || !Array.isArray(body)) return parseAnswer(z.array(itemSchema), body);
  const heldByKey = new Map<unknown, unknown>();
  for (const item of held) if (isRecord(item)) heldByKey.set(item[key], item);
  const items: z.output<Schema>[] = [];
  for (const raw of body) {
    const known = isRecord(raw) ? heldByKey.get(raw[key]) : undefined;
    if (known !== undefined && sameJson(raw, known)) {
      items.push(known as z.output<Schema>);
      continue;
    }
    const parsed = z.safeParse(itemSchema, raw);
    if (!parsed.success) return parseAnswer(z.array(itemSchema), body);
    items.push(parsed.data);
  }
  return items;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values (what JSON.parse gives and what a schema without transforms returns). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const name of keys) {
    if (!Object.hasOwn(b, name)) return false;
    if (!sameJson((a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name])) return false;
  }
  return true;
}

/** Sends a call whose success has no body (204); failures surface as ApiError like any other call. */
export function requestNoContent(path: string, init: CallInit = {}): Promise<void> {
  return asCall(async () => {
    await sendCall(path, init);
  });
}

/** Sends a call whose answer is a file (the day's CSV); failures surface as ApiError like any other call. */
export function requestBlob(path: string, init: CallInit = {}): Promise<Blob> {
  return asCall(async () => (await sendCall(path, init)).blob());
}
