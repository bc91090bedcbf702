// One per provider process: listens for committed events, reads each once, and writes it to the streams it concerns.
import type { Summary } from '../../contract/guest';
import type { Database } from '../db/database';
import { logTaskFailure } from '../ops/log';
import {
  eventIdRange,
  isPublicEvent,
  readEventsAfter,
  readStreamEventsAfter,
  type EventBatch,
  type StoredEvent,
} from './event-store';
import { encodeEvent, encodeJsonEvent, encodeOpening, encodeReconnect, HEARTBEAT } from './sse-format';

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
  /** At close, each stream is told to reconnect after a wait spread over this (so they do not all come at once). */
  reconnectSpreadMs?: number;
  /** Called once per event written to a stream (GET /metrics's events sent). */
  onEventSent?: () => void;
  /** The kitchen summary, read after orders change; none sent when absent. */
  readSummary?: () => Promise<Summary>;
  /** Called as soon as events that may change the summary are read, whichever process committed them. */
  onSummaryChange?: () => void;
  /** While an event id may still commit (see deliverInOrder), the events are read again this often. */
  gapRecheckMs?: number;
  /** New events are also looked for this often: new orders are written without a NOTIFY (migration 011). */
  pollMs?: number;
}

export interface StreamScope {
  /** The order this guest follows; public topics only when absent. */
  orderId?: string;
  /** The seating whose phones' events (`bill`, its requests) this guest receives, by its seating key. */
  seatingId?: number;
  /** Staff see every event. */
  staff: boolean;
  /** The last event the client saw (Last-Event-ID): missed events are replayed first. */
  lastEventId?: number;
}

export interface LiveHub {
  /** A text/event-stream body for one client, or undefined when this process holds its maximum of streams. */
  open(scope: StreamScope): ReadableStream<Uint8Array> | undefined;
  readonly streamCount: number;
  /** Streams open now, guests' and staff's apart. */
  streamCounts(): { guest: number; staff: number };
  /**
   * This process has just committed an event without a NOTIFY (a new order): read it now rather than at the next
   * poll, so a stream its guest opens next starts after it, as with a NOTIFY. Reads in progress absorb the calls.
   */
  readSoon(): void;
  /** Ends every stream, telling its client to reconnect (to another process), and stops listening. */
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
    reconnectSpreadMs = 1_000,
    onEventSent,
    readSummary,
    onSummaryChange,
    gapRecheckMs = 50,
    pollMs = 50,
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

  function send(stream: Stream, event: StoredEvent, chunk: () => Uint8Array): void {
    if (stream.held) stream.held.push(event);
    else if (event.id > stream.lastSent) {
      stream.lastSent = event.id;
      write(stream, chunk());
      onEventSent?.();
    }
  }

  const encodeStored = (event: StoredEvent) =>
    encodeJsonEvent({ id: event.id, type: event.type, json: event.payloadJson });

  // Orders placed, moved, changed or cancelled, dishes' preparation times, and what a table's status follows
  // (seatings starting and ending, requests).
  const changesSummary = (event: StoredEvent) =>
    event.type === 'order' || event.type === 'menu' || event.type === 'table' || event.type === 'request';

  // A seating's events carry its id, and a guest's stream only the seating its key opened: never another party's.
  const sees = (scope: StreamScope, event: StoredEvent) =>
    scope.staff ||
    isPublicEvent(event.type) ||
    (event.type === 'order' && event.orderId === scope.orderId) ||
    (event.type !== 'order' && event.seatingId !== null && event.seatingId === scope.seatingId);

  // Each event is encoded once, when a stream wants it, and reaches only its streams: an order's followers are found
  // by its id. A process with no stream for it (most of them, under load) does no work for an event.
  function deliver(event: StoredEvent): void {
    let chunk: Uint8Array | undefined;
    const to = (stream: Stream) => send(stream, event, () => (chunk ??= encodeStored(event)));
    if (event.type === 'order' && event.orderId !== null) {
      for (const stream of byOrder.get(event.orderId) ?? []) to(stream);
      for (const stream of streams) if (stream.scope.staff) to(stream);
    } else {
      for (const stream of streams) if (sees(stream.scope, event)) to(stream);
    }
  }

  // --- reading committed events: woken by NOTIFY or the poll, reads everything after the cursor, so nothing is skipped ---

  // Writers do not take turns (migration 009): id 8 may commit while the transaction holding 7 still runs. An id
  // missing below a read one belongs to a transaction that was running when that batch was read (a writer holds its
  // transaction id before it takes an event id, and 8 was taken after 7 and committed before the read), or to one
  // that rolled back. So the missing ids are waited for, and once every transaction running at that read has ended,
  // those still missing are gone for good and passed over. Events reach streams in id order either way.
  let gap: { from: number; to: number; blockers: string[] } | undefined;
  let recheck: NodeJS.Timeout | undefined;

  /** Delivers the batch's events in id order; false when it stopped before an id that may still commit. */
  function deliverInOrder(batch: EventBatch): boolean {
    const running = new Set(batch.running);
    for (const event of batch.events) {
      if (event.id > cursor + 1) {
        const missing = { from: cursor + 1, to: event.id - 1 };
        if (gap === undefined || gap.from !== missing.from || missing.to > gap.to) {
          gap = { ...missing, blockers: batch.running };
        }
        if (gap.blockers.some((xid) => running.has(xid))) return false;
      }
      gap = undefined;
      cursor = event.id;
      deliver(event);
    }
    return true;
  }

  let reading: Promise<void> | undefined;
  let readAgain = false;

  function wake(): void {
    if (closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    clearTimeout(recheck);
    reading = (async () => {
      do {
        readAgain = false;
        let batch: EventBatch;
        let complete: boolean;
        do {
          batch = await readEventsAfter(db, cursor, READ_BATCH);
          // Before delivering: a client that hears of an order and then asks for the summary finds it changed.
          if (batch.events.some(changesSummary)) onSummaryChange?.();
          complete = deliverInOrder(batch);
          if (batch.events.some((event) => event.type === 'order' && event.id <= cursor)) summaryDue();
        } while (complete && batch.events.length === READ_BATCH && !closed);
        if (!complete && !closed && !readAgain) {
          // A rolled-back writer sends no NOTIFY: look again shortly.
          recheck = setTimeout(wake, gapRecheckMs);
          recheck.unref();
        }
      } while (readAgain && !closed);
    })()
      .catch((error: unknown) => {
        // The next notification (or the listener's resume) tries again from the same cursor.
        if (!closed) logTaskFailure('live_read_failed', 'Live events: reading failed', error);
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
    if (streams.size === 0) return;
    try {
      const summary = await readSummary?.();
      if (closed || !summary) return;
      const chunk = encodeEvent({ type: 'summary', data: summary });
      for (const stream of streams) if (!stream.held) write(stream, chunk);
    } catch (error) {
      if (!closed) logTaskFailure('live_summary_failed', 'Live events: summary failed', error);
    }
  }

  // --- replay after a reconnect ---

  async function replay(stream: Stream, lastEventId: number): Promise<void> {
    // Only up to what this process has delivered: later ids reach the stream live, in order (held meanwhile).
    const upTo = cursor;
    const { oldest, newest } = await eventIdRange(db);
    const missed = await readStreamEventsAfter(db, lastEventId, upTo, stream.scope, replayLimit + 1);
    // Too far behind, pruned past it, or an id this database never gave (another database, reset): start over.
    const tooOld = lastEventId > newest || (oldest > 0 && lastEventId < oldest - 1) || missed.length > replayLimit;
    const held = stream.held ?? [];
    stream.held = undefined;
    if (!streams.has(stream)) return;
    if (tooOld) {
      stream.lastSent = upTo;
      write(stream, encodeEvent({ id: stream.lastSent, type: 'resync', data: {} }));
    } else {
      for (const event of missed) send(stream, event, () => encodeStored(event));
    }
    for (const event of held) send(stream, event, () => encodeStored(event));
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
  // One cheap read (the events after the cursor, by primary key) per interval and process, idle or not.
  const poll = setInterval(wake, Math.max(pollMs, 5));
  poll.unref();
  // Anything committed between reading the cursor and listening.
  wake();

  return {
    get streamCount() {
      return streams.size;
    },

    streamCounts() {
      let staff = 0;
      for (const stream of streams) if (stream.scope.staff) staff++;
      return { guest: streams.size - staff, staff };
    },

    readSoon() {
      wake();
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
              logTaskFailure('live_replay_failed', 'Live events: replay failed', error);
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
      clearTimeout(recheck);
      clearInterval(poll);
      for (const stream of [...streams]) {
        write(stream, encodeReconnect(Math.round(Math.random() * reconnectSpreadMs)));
        end(stream);
      }
      await stopListening();
      await reading;
    },
  };
}
