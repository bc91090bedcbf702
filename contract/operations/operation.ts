// One call of the contract as data: the OpenAPI document, docs/contract.md's tables and the route-coverage test are built from these.
import type { $ZodType } from 'zod/v4/core';

/**
 * Who may make a call. A call lists every kind of caller it accepts; `guest` means the app's bearer token alone,
 * which is public (it ships in the app), so it proves nothing about who is asking.
 */
export type Access =
  /** No bearer token: probes, the demo payment page, a payment provider's signed webhook. */
  | 'public'
  /** The app's bearer token. */
  | 'guest'
  /** The bearer token and the order's `X-Order-Key` (staff may instead use their session). */
  | 'order-key'
  /** The bearer token and the table's printed `X-Table-Key`. */
  | 'table-key'
  /** The bearer token and the open seating's `X-Seating-Key`. */
  | 'seating-key'
  /** A signed-in member of staff, any role (kitchen, waiter, manager). */
  | 'staff'
  /** A signed-in manager. */
  | 'manager'
  /** A payment provider's request, verified by its signature. */
  | 'payment-provider';

export type ContractVersion = '1' | '1.1' | '1.2';

export interface OperationHeader {
  description: string;
  required?: boolean;
  schema?: $ZodType;
}

export interface OperationResponse {
  description: string;
  /** The answer's JSON shape (absent: no body, or a body that is not JSON; see contentType). */
  schema?: $ZodType;
  /** Default `application/json` when a schema is given. */
  contentType?: string;
  /** Headers the answer carries on purpose (`Location`, `Retry-After`, `Set-Cookie`, `Content-Language`…). */
  headers?: Record<string, OperationHeader>;
}

export interface Operation {
  /** The call's name, unique: the spec's nine keep theirs (`getMenu`, `addOrders`, …). */
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Under `/api/v1`, with OpenAPI's `{param}` placeholders: `/staff/menu/{id}`. */
  path: string;
  summary: string;
  description?: string;
  since: ContractVersion;
  access: readonly Access[];
  /** Groups for the document and docs/contract.md: `menu`, `orders`, `tables`, `bill`, `kitchen`, `staff`, … */
  tags: readonly string[];
  /** Path parameters by name. */
  params?: Record<string, $ZodType>;
  /** The query string, as one object schema. */
  query?: $ZodType;
  headers?: Record<string, OperationHeader>;
  /** A JSON body, or bodies of other media types described in words (photos, CSV). */
  body?:
    | { schema: $ZodType; contentType?: string }
    | { contentTypes: readonly string[]; description: string; schema?: $ZodType };
  /** Every status the call answers on purpose, errors included (their body is the contract's error shape). */
  responses: Record<number, OperationResponse>;
}

/** Keeps a list of operations typed without widening it. */
export function operations<const T extends readonly Operation[]>(list: T): T {
  return list;
}
