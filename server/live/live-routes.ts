// The live streams over HTTP: GET events (guests: public topics, or one order's events too) and GET staff/events.
import type { Context, Hono } from 'hono';
import { badRequest, notFound, ProviderError } from '../api/provider-error';
import { parseOrdersQuery, secretHeader } from '../api/request-parsing';
import type { Database } from '../db/database';
import type { OrderKeys } from '../orders/order-access';
import type { LiveHub, StreamScope } from './live-hub';
import { canFollowOrder } from './order-access';
import { seatingByKey } from '../tables/seatings';

export interface LiveRouteDeps {
  db: Database;
  live: LiveHub;
  orderKeys: OrderKeys;
  /**
   * True when the request carries a valid staff session. Staff sessions are not in this provider yet: until they
   * are wired here, `staff/events` answers 401 to everyone.
   */
  isStaff?: (c: Context) => boolean | Promise<boolean>;
}

function parseLastEventId(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const value = Number(header.trim());
  if (!Number.isSafeInteger(value) || value < 0) {
    throw badRequest('Last-Event-ID must be an event id the stream sent', { 'Last-Event-ID': 'not an event id' });
  }
  return value;
}

const tooManyStreams = () =>
  new ProviderError(503, 'This provider holds as many live streams as it can; polling still works. Try again later.');

function stream(c: Context, live: LiveHub, scope: StreamScope): Response {
  const body = live.open(scope);
  if (!body) {
    c.header('Retry-After', '30');
    throw tooManyStreams();
  }
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies such as nginx must pass events on as they come, not buffer them.
      'X-Accel-Buffering': 'no',
    },
  });
}

export function addLiveRoutes(api: Hono, { db, live, orderKeys, isStaff }: LiveRouteDeps): void {
  api.get('/events', async (c) => {
    const { orderID } = parseOrdersQuery(new URL(c.req.url).searchParams);
    const lastEventId = parseLastEventId(c.req.header('Last-Event-ID'));
    if (
      orderID !== undefined &&
      !(await canFollowOrder(db, orderKeys, orderID, secretHeader(c.req.header('X-Order-Key'))))
    ) {
      throw notFound(`Order ${orderID} does not exist`);
    }
    // A seating's key (v1.2) adds that seating's events: its bill and its requests. A key that opens no open seating
    // adds nothing, and the stream still carries the guest's order: the previous party follows its own to the end.
    const seatingKey = secretHeader(c.req.header('X-Seating-Key'));
    const seatingId =
      seatingKey === undefined
        ? undefined
        : await seatingByKey(db, seatingKey).then(
            (seating) => seating.seatingId,
            (error: unknown) => {
              if (error instanceof ProviderError && error.status === 404) return undefined;
              throw error;
            },
          );
    return stream(c, live, { orderId: orderID, seatingId, staff: false, lastEventId });
  });

  api.get('/staff/events', async (c) => {
    const lastEventId = parseLastEventId(c.req.header('Last-Event-ID'));
    if (!isStaff || !(await isStaff(c)))
      throw new ProviderError(401, 'Sign in as staff to follow the restaurant’s events');
    return stream(c, live, { staff: true, lastEventId });
  });
}
