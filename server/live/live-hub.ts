// One per provider process: listens for committed events, reads each once, and writes it to the streams it concerns.
import type { Summary } from '../../src/api/schemas';
import type { Database } from '../db/database';
import { eventIdRange, readEventsAfter, readStreamEventsAfter, type StoredEvent } from './event-store';
import { encodeEvent, encodeOpening, HEARTBEAT } from './sse-format';

export const EVENTS_CHANNEL = 'amber_events';

export interface LiveOptions {
  /** A comment at least this often on every stream; the contract asks for 15 s at most. */
  heartbeatMs?: number;
  /** Streams this process holds at most; the next one is refused (503). */
  maxStreams?: number;
  /** A reconnect that missed more of its events than this gets `resync` instead of a replay. */
  replayLimit?: number;
  /** At most one `summary` per this interval, after orders change. */
  summaryEveryMs?: number;
  /** Client's wait before reconnecting, sent as the stream's `retry`. */
  retryMs?: number;
  /** The kitchen summary, read after orders change; none sent when absent. */
  readSummary?: () => Promise<Summary>;
}

export interface StreamScope {
  /** The order this guest follows; public topics only when absent. */
  orderId?: string;
  /** Staff see every event. */
  staff: boolean;
  /** The last event the client saw (Last-Event-ID): missed events are replayed first. */
  lastEventId?: number;
}

export interface LiveHub {
  /** A text/event-stream body for one client, or undefined when this process holds its maximum of streams. */
  open(scope: StreamScope): ReadableStream<Uint8Array> | undefined;
  readonly streamCount: number;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

// A client this far behind on reading is dropped; it reconnects with Last-Event-ID and catches up from the table.
const MAX_QUEUED_CHUNKS = 512;
const READ_BATCH = 500;

interface Stream {
  scope: StreamScope;
  controller: ReadableStreamDefaultController<Uint8Array>;
  lastSent: number;
  /** Live events that arrived while the replay was being read; undefined once live. */
  held: StoredEvent[] | undefined;
}

export async function startLiveHub(db: Database, options: LiveOptions = {}): Promise<LiveHub> {
  const {
    heartbeatMs = 15_000,
    maxStreams = 10_000,
    replayLimit = 1_000,
    summaryEveryMs = 1_000,
    retryMs = 1_000,
    readSummary,
  } = options;

  const streams = new Set<Stream>();
  const byOrder = new Map<string, Set<Stream>>();
  let cursor = (await eventIdRange(db)).newest;
  let closed = false;

  // --- writing to streams ---

  function drop(stream: Stream): void {
    if (!streams.delete(stream)) return;
    const orderId = stream.scope.orderId;
    if (orderId !== undefined) {
      const followers = byOrder.get(orderId);
      followers?.delete(stream);
      if (followers?.size === 0) byOrder.delete(orderId);
    }
  }

  function end(stream: Stream): void {
    drop(stream);
    try {
      stream.controller.close();
    } catch {
      // Already closed or cancelled by the client.
    }
  }

  function write(stream: Stream, chunk: Uint8Array): void {
    try {
      stream.controller.enqueue(chunk);
    } catch {
      drop(stream);
      return;
    }
    if ((stream.controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) end(stream);
  }

  function send(stream: Stream, event: StoredEvent, chunk: Uint8Array): void {
    if (stream.held) stream.held.push(event);
    else if (event.id > stream.lastSent) {
      stream.lastSent = event.id;
      write(stream, chunk);
    }
  }

  const encodeStored = (event: StoredEvent) => encodeEvent({ id: event.id, type: event.type, data: event.payload });

  const sees = (scope: StreamScope, event: StoredEvent) =>
    scope.staff || event.type === 'menu' || (event.type === 'order' && event.orderId === scope.orderId);

  // Each event is encoded once, and reaches only its streams: an order's followers are found by its id.
  function deliver(event: StoredEvent): void {
    const chunk = encodeStored(event);
    if (event.type === 'order' && event.orderId !== null) {
      for (const stream of byOrder.get(event.orderId) ?? []) send(stream, event, chunk);
      for (const stream of streams) if (stream.scope.staff) send(stream, event, chunk);
    } else {
      for (const stream of streams) if (sees(stream.scope, event)) send(stream, event, chunk);
    }
  }

  // --- reading committed events: woken by NOTIFY, reads everything after the cursor, so nothing is skipped ---

  let reading: Promise<void> | undefined;
  let readAgain = false;

  function wake(): void {
    if (closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = (async () => {
      do {
        readAgain = false;
        let batch: StoredEvent[];
        do {
          batch = await readEventsAfter(db, cursor, READ_BATCH);
          for (const event of batch) {
            cursor = event.id;
            deliver(event);
          }
          if (batch.some((event) => event.type === 'order')) summaryDue();
        } while (batch.length === READ_BATCH && !closed);
      } while (readAgain && !closed);
    })()
      .catch((error: unknown) => {
        // The next notification (or the listener's resume) tries again from the same cursor.
        if (!closed) console.error('Live events: reading failed:', error instanceof Error ? error.message : error);
      })
      .finally(() => {
        reading = undefined;
      });
  }

  // --- summary: a snapshot, not a change, so it has no id and is never replayed (clients refetch on connect) ---

  let summaryTimer: NodeJS.Timeout | undefined;
  let summaryPending = false;

  function summaryDue(): void {
    if (!readSummary || closed) return;
    if (summaryTimer) {
      summaryPending = true;
      return;
    }
    void sendSummary();
    summaryTimer = setTimeout(() => {
      summaryTimer = undefined;
      if (summaryPending) {
        summaryPending = false;
        summaryDue();
      }
    }, summaryEveryMs);
    summaryTimer.unref();
  }

  async function sendSummary(): Promise<void> {
    try {
      const summary = await readSummary?.();
      if (closed || !summary) return;
      const chunk = encodeEvent({ type: 'summary', data: summary });
      for (const stream of streams) if (!stream.held) write(stream, chunk);
    } catch (error) {
      if (!closed) console.error('Live events: summary failed:', error instanceof Error ? error.message : error);
    }
  }

  // --- replay after a reconnect ---

  async function replay(stream: Stream, lastEventId: number): Promise<void> {
    const { oldest, newest } = await eventIdRange(db);
    const missed = await readStreamEventsAfter(db, lastEventId, stream.scope, replayLimit + 1);
    // Too far behind, pruned past it, or an id this database never gave (another database, reset): start over.
    const tooOld = lastEventId > newest || (oldest > 0 && lastEventId < oldest - 1) || missed.length > replayLimit;
    const held = stream.held ?? [];
    stream.held = undefined;
    if (!streams.has(stream)) return;
    if (tooOld) {
      stream.lastSent = Math.max(newest, cursor);
      write(stream, encodeEvent({ id: stream.lastSent, type: 'resync', data: {} }));
    } else {
      for (const event of missed) send(stream, event, encodeStored(event));
    }
    for (const event of held) send(stream, event, encodeStored(event));
  }

  // --- streams ---

  const heartbeat = setInterval(
    () => {
      for (const stream of streams) if (!stream.held) write(stream, HEARTBEAT);
    },
    Math.max(heartbeatMs, 10),
  );
  heartbeat.unref();

  const stopListening = await db.listen(EVENTS_CHANNEL, wake, wake);
  // Anything committed between reading the cursor and listening.
  wake();

  return {
    get streamCount() {
      return streams.size;
    },

    open(scope) {
      if (closed || streams.size >= maxStreams) return undefined;
      let stream: Stream | undefined;
      return new ReadableStream<Uint8Array>({
        start(controller) {
          const opened: Stream = {
            scope,
            controller,
            lastSent: scope.lastEventId ?? cursor,
            held: scope.lastEventId === undefined ? undefined : [],
          };
          stream = opened;
          streams.add(opened);
          if (scope.orderId !== undefined) {
            const followers = byOrder.get(scope.orderId) ?? new Set<Stream>();
            followers.add(opened);
            byOrder.set(scope.orderId, followers);
          }
          controller.enqueue(encodeOpening(retryMs));
          if (scope.lastEventId !== undefined) {
            replay(opened, scope.lastEventId).catch((error: unknown) => {
              console.error('Live events: replay failed:', error instanceof Error ? error.message : error);
              end(opened);
            });
          }
        },
        cancel() {
          if (stream) drop(stream);
        },
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(summaryTimer);
      for (const stream of [...streams]) end(stream);
      await stopListening();
      await reading;
    },
  };
}
