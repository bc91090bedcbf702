// The bench's reader of a live stream, light enough for 10,000 in one process: node:http, events split by hand.
import { request, type IncomingMessage } from 'node:http';
import { waitForEvent, type LiveEvent, type SseReader } from '../tests/support/sse-reader';

/**
 * Opens `GET /api/v1/events` for an order as tests/support/sse-reader.ts does, without fetch's web streams, a text
 * decoder stream and a parser stream per connection: those cost the bench's one process more than the provider's
 * delivery when 10,000 streams hear of one change. An event's time is when its last byte was read.
 */
export function openLightSse(baseUrl: string, orderID: string, orderKey: string | undefined): Promise<SseReader> {
  const url = new URL(`/api/v1/events?orderID=${encodeURIComponent(orderID)}`, baseUrl);
  return new Promise((resolve, reject) => {
    const events: LiveEvent[] = [];
    const waiters = new Set<() => void>();
    let response: IncomingMessage | undefined;
    const req = request(url, {
      agent: false,
      headers: {
        Authorization: 'Bearer demo-token',
        Accept: 'text/event-stream',
        ...(orderKey === undefined ? {} : { 'X-Order-Key': orderKey }),
      },
    });
    const reader: SseReader = {
      status: 0,
      events,
      comments: 0,
      waitFor: (match, timeoutMs, from) => waitForEvent(events, waiters, match, timeoutMs, from),
      ended: Promise.resolve(),
      close: () => {
        response?.destroy();
        req.destroy();
      },
    };
    req.once('error', reject);
    req.once('response', (res) => {
      response = res;
      reader.status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk: string) => {
        pending += chunk;
        let end = pending.indexOf('\n\n');
        if (end === -1) return;
        const at = performance.now();
        while (end !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          end = pending.indexOf('\n\n');
          let id: number | undefined;
          let type = 'message';
          let data: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) reader.comments += 1;
            else if (line.startsWith('id: ')) id = Number(line.slice(4));
            else if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data === undefined) continue;
          const event: LiveEvent = { type, data: JSON.parse(data) as unknown, at };
          if (id !== undefined) event.id = id;
          events.push(event);
          reader.onEvent?.(event);
        }
        if (waiters.size > 0) for (const waiter of [...waiters]) waiter();
      });
      reader.ended = new Promise((done) => {
        res.once('close', () => done());
        res.once('error', () => done());
      });
      res.once('error', () => undefined);
      resolve(reader);
    });
    req.end();
  });
}
