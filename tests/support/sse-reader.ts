// Reads a provider's live stream in Node (tests, bench): fetch plus eventsource-parser, events kept in arrival order.
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

export interface LiveEvent {
  id?: number;
  type: string;
  data: unknown;
  /** performance.now() when it was parsed. */
  at: number;
}

export interface SseReader {
  status: number;
  events: LiveEvent[];
  comments: number;
  /**
   * Resolves with the first event at or after index `from` (already received or still to come) that matches, or
   * rejects after timeoutMs.
   */
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number, from?: number): Promise<LiveEvent>;
  /**
   * Told of each event as it arrives, after it is kept: for the bench's 10,000 streams, where a promise and a timer per
   * stream and change were more of its own process's work than reading the events.
   */
  onEvent?: (event: LiveEvent) => void;
  /** Resolves once the provider ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export interface OpenOptions {
  orderID?: string;
  /** The order's key (X-Order-Key), without which its events are 404. */
  orderKey?: string;
  lastEventId?: number;
  headers?: Record<string, string>;
  token?: string;
  path?: string;
}

/**
 * The first event at or after `from` in `events` (received or still to come) that matches; `waiters` are the checks a
 * reader runs as each new event arrives. Each event is looked at once, however many arrive while waiting (the bench
 * waits on thousands of streams).
 */
export function waitForEvent(
  events: readonly LiveEvent[],
  waiters: Set<() => void>,
  match: (event: LiveEvent) => boolean,
  timeoutMs = 5000,
  from = 0,
): Promise<LiveEvent> {
  return new Promise((resolve, reject) => {
    let next = from;
    const check = () => {
      let found: LiveEvent | undefined;
      for (; next < events.length && !found; next++) if (match(events[next]!)) found = events[next];
      if (!found) return false;
      waiters.delete(check);
      clearTimeout(timer);
      resolve(found);
      return true;
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
    }, timeoutMs);
    if (!check()) waiters.add(check);
  });
}

export async function openSse(baseUrl: string, options: OpenOptions = {}): Promise<SseReader> {
  const abort = new AbortController();
  const query = options.orderID === undefined ? '' : `?orderID=${encodeURIComponent(options.orderID)}`;
  const response = await fetch(`${baseUrl}/api/v1/${options.path ?? 'events'}${query}`, {
    signal: abort.signal,
    headers: {
      Authorization: `Bearer ${options.token ?? 'demo-token'}`,
      Accept: 'text/event-stream',
      ...(options.lastEventId === undefined ? {} : { 'Last-Event-ID': String(options.lastEventId) }),
      ...(options.orderKey === undefined ? {} : { 'X-Order-Key': options.orderKey }),
      ...options.headers,
    },
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const reader: SseReader = {
    status: response.status,
    events,
    comments: 0,
    waitFor: (match, timeoutMs, from) => waitForEvent(events, waiters, match, timeoutMs, from),
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return reader;
  }
  const onEvent = (message: EventSourceMessage) => {
    const event: LiveEvent = {
      ...(message.id === undefined ? {} : { id: Number(message.id) }),
      type: message.event ?? 'message',
      data: JSON.parse(message.data) as unknown,
      at: performance.now(),
    };
    events.push(event);
    reader.onEvent?.(event);
    for (const waiter of [...waiters]) waiter();
  };
  const stream = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ onComment: () => (reader.comments += 1) }));
  reader.ended = (async () => {
    const messages = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await messages.read();
        if (done) return;
        onEvent(value);
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    }
  })();
  return reader;
}
