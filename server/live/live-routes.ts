// The live streams over HTTP: GET events (guests: public topics, or one order's events too) and GET staff/events.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { badRequest, notFound, ProviderError, tooManyRequests } from '../api/provider-error';
import { parseOrdersQuery, secretHeader } from '../api/request-parsing';
import type { Database } from '../db/database';
import { clientAddress, type ClientInfoOptions } from '../http/client-info';
import type { OrderKeys } from '../orders/order-access';
import type { LiveHub, LiveStream, StreamScope } from './live-hub';
import { nodeSink, webStreamBody } from './live-sinks';
import { canFollowOrder } from './order-access';
import { seatingByKey } from '../tables/seatings';

export interface LiveRouteDeps {
  db: Database;
  live: LiveHub;
  orderKeys: OrderKeys;
  /** The request's staff session (its stream ends with it), or undefined: `staff/events` answers 401. */
  staffOf?: (c: Context) => Promise<{ name: string; tokenHash: string } | undefined>;
  clientInfo?: ClientInfoOptions;
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

const tooManyFromClient = () =>
  tooManyRequests('This address holds as many live streams as one client may; polling still works.', 30);

// The requests that opened a stream, with its answer's body, which the middleware around the app finds once every
// header is on the answer. Only these answers' bodies are read: reading any other answer's body would turn
// node-server's light answer into a full Response with a web stream (about 3 % of a busy provider's CPU).
const openedStreams = new WeakMap<Context, { body: ReadableStream<Uint8Array>; stream: LiveStream }>();

/**
 * Outermost middleware: on node (@hono/node-server passes the node objects as the env), a live stream's answer goes
 * out with the headers every other middleware gave it, then its events are written straight to the node response,
 * and node-server is told the answer is sent. Without node (app.fetch), the answer's web stream carries them.
 */
export const liveStreamsOnNode: MiddlewareHandler = async (c, next) => {
  await next();
  const opened = openedStreams.get(c);
  if (!opened) return;
  openedStreams.delete(c);
  const { stream } = opened;
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  // A middleware that made another answer (an error's) sends that one.
  if (c.res.body !== opened.body || !outgoing) return;
  const headers: OutgoingHttpHeaders = {};
  c.res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(c.res.status, headers);
  outgoing.on('close', () => stream.cancel());
  stream.attach(nodeSink(outgoing));
  // Set as it is: Hono would copy the headers onto a new answer, which node-server writes (a second head).
  c.res = undefined;
  c.res = RESPONSE_ALREADY_SENT;
};

function stream(c: Context, live: LiveHub, scope: StreamScope): Response {
  const opened = live.open(scope);
  if ('refused' in opened) {
    if (opened.refused === 'client') throw tooManyFromClient();
    c.header('Retry-After', '30');
    throw tooManyStreams();
  }
  const body = webStreamBody(opened.stream);
  openedStreams.set(c, { body, stream: opened.stream });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies such as nginx must pass events on as they come, not buffer them.
      'X-Accel-Buffering': 'no',
    },
  });
}

export function addLiveRoutes(api: Hono, { db, live, orderKeys, staffOf, clientInfo }: LiveRouteDeps): void {
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
    return stream(c, live, {
      orderId: orderID,
      seatingId,
      staff: false,
      lastEventId,
      client: clientAddress(c, clientInfo),
    });
  });

  api.get('/staff/events', async (c) => {
    const lastEventId = parseLastEventId(c.req.header('Last-Event-ID'));
    const session = await staffOf?.(c);
    if (!session) throw new ProviderError(401, 'Sign in as staff to follow the restaurant’s events');
    return stream(c, live, {
      staff: true,
      lastEventId,
      session: { name: session.name, tokenHash: session.tokenHash },
    });
  });
}
