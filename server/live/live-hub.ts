// One per provider process: listens for committed events, reads each once, and writes it to the streams it concerns.
import type { Summary } from '../../contract/guest';
import type { Database } from '../db/database';
import { logTaskFailure } from '../ops/log';
import {
  eventIdRange,
  INTERNAL_EVENT_TYPES,
  isPublicEvent,
  pruneEvents,
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
  /** Guests' streams this process holds at most; the next one is refused (503). Staff streams have their own. */
  maxStreams?: number;
  /** Staff streams this process holds at most, apart from the guests': a flood of guests never refuses the kitchen. */
  maxStaffStreams?: number;
  /** Guests' streams one client address may hold in this process; the next one is refused (429). */
  maxStreamsPerClient?: number;
  /**
   * Of these staff sessions (token hashes), the ones still open: streams of the others are ended, when an account's
   * sessions end (a `sessions_ended` event from any process) and every `sessionCheckMs` (expiry).
   */
  openSessions?: (tokenHashes: string[]) => Promise<Set<string>>;
  sessionCheckMs?: number;
  /** Events older than this are deleted (a reconnect that far behind gets `resync`); 0 keeps them all. */
  keepEventsMs?: number;
  /** How often this process deletes events past `keepEventsMs` (one process at a time does the work). */
  pruneEveryMs?: number;
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
  /** A staff stream's session: the stream ends when the session does. */
  session?: { name: string; tokenHash: string };
  /** A guest's client address (server/http/client-info.ts), for the per-client bound. */
  client?: string;
  /** The last event the client saw (Last-Event-ID): missed events are replayed first. */
  lastEventId?: number;
}

/** Where a stream's bytes go: the node response itself (live-sinks.ts), or a web stream where there is no node. */
export interface StreamSink {
  /** Queues the chunk for the client; false when the client has gone. */
  write(chunk: Uint8Array): boolean;
  /** Chunks written that the client has not taken yet. */
  backlog(): number;
  end(): void;
}

/** A stream the hub holds from `open`: its bytes wait until a sink is attached (once), or until it is cancelled. */
export interface LiveStream {
  attach(sink: StreamSink): void;
  /** The client has gone: its place is freed. */
  cancel(): void;
}

/** A stream for one client, or why not: this process holds its maximum (`full`), or this client does (`client`). */
export type OpenedStream = { stream: LiveStream } | { refused: 'full' | 'client' };

export interface LiveHub {
  open(scope: StreamScope): OpenedStream;
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
// Heartbeats go out in this many turns over their interval, and a summary to this many streams between two looks at
// what else is waiting: at 10,000 streams either one in a single burst is what an order's event waits behind.
const HEARTBEAT_TURNS = 16;
const SUMMARY_BATCH = 1_000;

interface Stream {
  scope: StreamScope;
  /** Undefined until the route attaches one; chunks wait in `pending` meanwhile. */
  sink: StreamSink | undefined;
  pending: Uint8Array[];
  ended: boolean;
  /** The heartbeat's turn this stream's comment goes out in. */
  turn: number;
  lastSent: number;
  /** Live events that arrived while the replay was being read; undefined once live. */
  held: StoredEvent[] | undefined;
}

export async function startLiveHub(db: Database, options: LiveOptions = {}): Promise<LiveHub> {
  const {
    heartbeatMs = 15_000,
    maxStreams = 10_000,
    maxStaffStreams = 500,
    maxStreamsPerClient = 1_000,
    openSessions,
    sessionCheckMs = heartbeatMs,
    keepEventsMs = 60 * 60_000,
    pruneEveryMs = 60_000,
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
  let staffCount = 0;
  const byClient = new Map<string, number>();
  let cursor = (await eventIdRange(db)).newest;
  let closed = false;

  // --- writing to streams ---

  function drop(stream: Stream): void {
    if (!streams.delete(stream)) return;
    if (stream.scope.staff) staffCount--;
    const client = stream.scope.client;
    if (!stream.scope.staff && client !== undefined) {
      const held = (byClient.get(client) ?? 1) - 1;
      if (held > 0) byClient.set(client, held);
      else byClient.delete(client);
    }
    const orderId = stream.scope.orderId;
    if (orderId !== undefined) {
      const followers = byOrder.get(orderId);
      followers?.delete(stream);
      if (followers?.size === 0) byOrder.delete(orderId);
    }
  }

  function end(stream: Stream): void {
    drop(stream);
    stream.ended = true;
    stream.sink?.end();
  }

  function write(stream: Stream, chunk: Uint8Array): void {
    if (!stream.sink) {
      stream.pending.push(chunk);
      if (stream.pending.length > MAX_QUEUED_CHUNKS) end(stream);
      return;
    }
    if (!stream.sink.write(chunk)) drop(stream);
    else if (stream.sink.backlog() > MAX_QUEUED_CHUNKS) end(stream);
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
    (event.orderId === null && isPublicEvent(event.type)) ||
    (event.type === 'order' && event.orderId === scope.orderId) ||
    (event.type !== 'order' && event.seatingId !== null && event.seatingId === scope.seatingId);

  // Each event is encoded once, when a stream wants it, and reaches only its streams: an order's followers are found
  // by its id. A process with no stream for it (most of them, under load) does no work for an event.
  function deliver(event: StoredEvent): void {
    if (INTERNAL_EVENT_TYPES.has(event.type)) {
      if (event.type === 'sessions_ended') void checkSessions(sessionsEndedFor(event));
      return;
    }
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
      let written = 0;
      for (const stream of [...streams]) {
        if (++written % SUMMARY_BATCH === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        if (closed) return;
        if (!stream.held && streams.has(stream)) write(stream, chunk);
      }
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

  // --- staff sessions: a stream lasts only as long as the session that opened it ---

  function sessionsEndedFor(event: StoredEvent): string | undefined {
    try {
      const { name } = JSON.parse(event.payloadJson) as { name?: unknown };
      return typeof name === 'string' ? name : undefined;
    } catch {
      return undefined;
    }
  }

  /** Ends the staff streams (of one account, or all) whose session is no longer open. */
  async function checkSessions(name?: string): Promise<void> {
    if (!openSessions || closed) return;
    const concerned = [...streams].filter(
      (stream) => stream.scope.session && (name === undefined || stream.scope.session.name === name),
    );
    if (concerned.length === 0) return;
    try {
      const open = await openSessions([...new Set(concerned.map((stream) => stream.scope.session?.tokenHash ?? ''))]);
      for (const stream of concerned) if (!open.has(stream.scope.session?.tokenHash ?? '')) end(stream);
    } catch (error) {
      if (!closed) console.error('Live events: session check failed:', error instanceof Error ? error.message : error);
    }
  }

  const sessionCheck = setInterval(() => void checkSessions(), Math.max(sessionCheckMs, 10));
  sessionCheck.unref();

  // --- events past the replay window are deleted, so the table (and a replay's reading of it) stays small ---

  let pruning = false;
  const prune = setInterval(
    () => {
      if (keepEventsMs <= 0 || pruning || closed) return;
      pruning = true;
      pruneEvents(db, new Date(Date.now() - keepEventsMs))
        .catch((error: unknown) => {
          if (!closed) console.error('Live events: pruning failed:', error instanceof Error ? error.message : error);
        })
        .finally(() => {
          pruning = false;
        });
    },
    Math.max(pruneEveryMs, 10),
  );
  prune.unref();

  // --- streams ---

  // Each stream's comment comes in its own turn, one turn every interval / turns: still one per interval a stream.
  const turns = Math.max(1, Math.min(HEARTBEAT_TURNS, Math.floor(heartbeatMs / 10)));
  let turn = 0;
  let nextTurn = 0;
  const heartbeat = setInterval(
    () => {
      turn = (turn + 1) % turns;
      for (const stream of streams) if (stream.turn === turn && !stream.held) write(stream, HEARTBEAT);
    },
    Math.max(Math.floor(heartbeatMs / turns), 10),
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
      if (closed) return { refused: 'full' };
      if (scope.staff) {
        if (staffCount >= maxStaffStreams) return { refused: 'full' };
      } else {
        if (streams.size - staffCount >= maxStreams) return { refused: 'full' };
        if (scope.client !== undefined && (byClient.get(scope.client) ?? 0) >= maxStreamsPerClient) {
          return { refused: 'client' };
        }
      }
      // Counted at once, so the limits hold however long the route takes to attach the stream's sink.
      const opened: Stream = {
        scope,
        sink: undefined,
        pending: [encodeOpening(retryMs)],
        ended: false,
        turn: nextTurn++ % turns,
        lastSent: scope.lastEventId ?? cursor,
        held: scope.lastEventId === undefined ? undefined : [],
      };
      streams.add(opened);
      if (scope.staff) staffCount++;
      else if (scope.client !== undefined) byClient.set(scope.client, (byClient.get(scope.client) ?? 0) + 1);
      if (scope.orderId !== undefined) {
        const followers = byOrder.get(scope.orderId) ?? new Set<Stream>();
        followers.add(opened);
        byOrder.set(scope.orderId, followers);
      }
      if (scope.lastEventId !== undefined) {
        replay(opened, scope.lastEventId).catch((error: unknown) => {
          logTaskFailure('live_replay_failed', 'Live events: replay failed', error);
          end(opened);
        });
      }
      return {
        stream: {
          attach(sink) {
            if (opened.sink) throw new Error('A live stream has one sink');
            opened.sink = sink;
            const pending = opened.pending;
            opened.pending = [];
            for (const chunk of pending) if (!sink.write(chunk)) return drop(opened);
            // Ended before it was attached (the provider closing): the reconnect it was told is sent, then the end.
            if (opened.ended) sink.end();
          },
          cancel() {
            drop(opened);
            opened.pending = [];
          },
        },
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      clearInterval(prune);
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
