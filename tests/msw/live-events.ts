// A fake provider's live stream for component tests: holds every open stream, and sends what the test says when it says.
import { http, HttpResponse } from 'msw';

export interface FakeLiveEvents {
  handler: ReturnType<typeof http.get>;
  /** Every request for the stream, in order (headers: Last-Event-ID, query: orderID). */
  requests: Request[];
  /** Streams currently open. */
  readonly open: number;
  send(event: { id?: number; type: string; data: unknown }): void;
  /** Ends every open stream, as a provider going away would. */
  dropAll(): void;
}

/** `path`: `events` (the guests' stream) or `staff/events` (the console's). */
export function fakeLiveEvents(api: string, path: 'events' | 'staff/events' = 'events'): FakeLiveEvents {
  const encoder = new TextEncoder();
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const requests: Request[] = [];
  const handler = http.get(`${api}/${path}`, ({ request }) => {
    requests.push(request);
    // Like the provider: an order it does not know has no stream (this fake knows none but the test's own).
    const orderID = new URL(request.url).searchParams.get('orderID');
    if (orderID !== null && orderID.startsWith('NOSUCH')) {
      return HttpResponse.json(
        { error: { code: 'not_found', message: `Order ${orderID} does not exist` } },
        { status: 404 },
      );
    }
    let own: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller;
        streams.add(controller);
        controller.enqueue(encoder.encode('retry: 1000\n: connected\n\n'));
        // A client that aborts its fetch has closed the stream, even where the body is never cancelled.
        request.signal.addEventListener('abort', () => streams.delete(controller));
      },
      cancel() {
        if (own) streams.delete(own);
      },
    });
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    handler,
    requests,
    get open() {
      return streams.size;
    },
    send({ id, type, data }) {
      const chunk = encoder.encode(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`,
      );
      for (const stream of streams) stream.enqueue(chunk);
    },
    dropAll() {
      for (const stream of streams) stream.close();
      streams.clear();
    },
  };
}
