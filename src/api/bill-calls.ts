// The bill's calls (contract v1.2): joining a table's seating, its bill, shares and the demo payment step. Kept out of
// calls.ts so the menu's path never downloads them; the table's screens and the scan load them when needed.
import { request } from './client';
import { billSchema, seatingSchema, shareSchema, type DemoPayment, type NewShare } from '../../contract/bill';

import { restaurantSchema } from '../../contract/restaurant';

interface CallOptions {
  signal?: AbortSignal;
}

/** A QR scan: joins the table's open seating (or starts one) and answers this phone's key to it. */
export function joinSeating(tableKey: string, { signal }: CallOptions = {}) {
  return request(seatingSchema, 'table/seating', { method: 'post', headers: { 'X-Table-Key': tableKey }, signal });
}

export function getBill(seatingKey: string, { signal }: CallOptions = {}) {
  return request(billSchema, 'table/bill', { headers: { 'X-Seating-Key': seatingKey }, signal });
}

/** The same key again answers the same share: a retry never makes a second one. */
export function addShare(
  seatingKey: string,
  body: NewShare,
  { idempotencyKey, signal }: CallOptions & { idempotencyKey: string },
) {
  return request(shareSchema, 'table/bill/shares', {
    method: 'post',
    json: body,
    headers: { 'X-Seating-Key': seatingKey, 'Idempotency-Key': idempotencyKey },
    signal,
  });
}

/** The guest changed their mind: cancels one of the seating's open shares, freeing what it holds at once. */
export function cancelShare(seatingKey: string, shareId: number, { signal }: CallOptions = {}) {
  return request(shareSchema, `table/bill/shares/${shareId}`, {
    method: 'delete',
    headers: { 'X-Seating-Key': seatingKey },
    signal,
  });
}

/** The demo provider's payment step: a test card approves, declines or asks for a second step. */
export function payDemoShare(seatingKey: string, shareId: number, body: DemoPayment, { signal }: CallOptions = {}) {
  return request(shareSchema, `payments/demo/${shareId}`, {
    method: 'post',
    json: body,
    headers: { 'X-Seating-Key': seatingKey },
    signal,
  });
}

/** The restaurant's profile, for its tip rates and the bill's rules (contract v1.2). */
export function getRestaurantRules({ signal }: CallOptions = {}) {
  return request(restaurantSchema, 'restaurant', { signal });
}
