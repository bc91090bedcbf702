// The one client of the provider's live events: fetch (EventSource cannot send the bearer) parsed by eventsource-parser.
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { currentSeatingKey, orderKeyFor } from '../device/credentials';
import { forgetSessionApiKey } from './call-rules';
import { apiBaseUrl, apiToken } from './config';

export interface LiveMessage {
  /** The event's id, kept to resume from after a reconnect; summaries carry none. */
  id?: string;
  type: string;
  /** The parsed JSON data, unchecked: the cache writer validates it by type. */
  data: unknown;
}

/** `events`: guests (bearer, and an order's key); `staff/events`: the console (its session cookie, same origin). */
export type LiveStreamPath = 'events' | 'staff/events';

export interface LiveStreamOptions {
  /** Which stream; default the guests' `events`. */
  path?: LiveStreamPath;
  /** Also follow this order's events (public topics only when absent). */
  orderID?: string | null;
  /** Sent as Last-Event-ID, so the provider replays what was missed. */
  lastEventId?: string | null;
  signal: AbortSignal;
  onOpen: () => void;
  onMessage: (message: LiveMessage) => void;
  /** Nothing at all (not even the provider's heartbeat comment) for this long means the connection is gone. */
  silenceMs?: number;
}

/**
 * Why a stream ended: `unsupported` when this provider has no live events (v1), `unfollowable` when it refused the
 * order asked for (unknown, or not this guest's: 404 with an orderID), `dropped` otherwise.
 */
export type LiveStreamEnd =
  | { kind: 'unsupported'; status: number }
  | { kind: 'unfollowable'; orderID: string }
  | {
      kind: 'dropped';
      reason: string;
      /** The provider asked to reconnect after this long (it is stopping). */ retryMs?: number;
    };

/** The provider sends a comment at least every 15 s; three missed in a row is a dead connection. */
export const SILENCE_MS = 45_000;

// A v1 provider answers 404; an app host without the API may answer its index.html; a token it refuses will not
// work on the next attempt either. In all these cases polling is the way.
const NO_LIVE_EVENTS = new Set([401, 403, 404, 405, 501]);

/** Opens the stream and reads it until it ends; resolves with how it ended (never rejects, except on abort). */
export async function openLiveStream(options: LiveStreamOptions): Promise<LiveStreamEnd> {
  const { path = 'events', orderID, lastEventId, signal, onOpen, onMessage, silenceMs = SILENCE_MS } = options;
  const url = new URL(path, apiBaseUrl());
  if (orderID) url.searchParams.set('orderID', orderID);
  const headers: Record<string, string> = { Authorization: `Bearer ${apiToken()}`, Accept: 'text/event-stream' };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  // An order's events go only to whoever holds its key (contract v1.1); a v1 provider gave none and asks for none.
  const orderKey = orderID ? orderKeyFor(orderID) : undefined;
  if (orderKey) headers['X-Order-Key'] = orderKey;
  // The seating this phone joined (contract v1.2) adds its bill's events; never on the console's stream.
  const seatingKey = path === 'events' ? currentSeatingKey() : undefined;
  if (seatingKey) headers['X-Seating-Key'] = seatingKey;

  let response: Response;
  try {
    response = await fetch(url, { headers, signal, cache: 'no-store' });
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'dropped', reason: 'unreachable' };
  }
  const isEventStream = (response.headers.get('Content-Type') ?? '').startsWith('text/event-stream');
  if (!response.ok || !isEventStream || !response.body) {
    // Not awaited: a body nobody reads may never report being cancelled.
    void response.body?.cancel().catch(() => undefined);
    if (response.status === 503) forgetSessionApiKey();
    // Only the public stream's 404 says the provider has no live events; the order's may just be unknown.
    if (response.status === 404 && orderID) return { kind: 'unfollowable', orderID };
    if (NO_LIVE_EVENTS.has(response.status) || (response.ok && !isEventStream)) {
      return { kind: 'unsupported', status: response.status };
    }
    return { kind: 'dropped', reason: `status ${response.status}` };
  }

  // The stream's `retry` field: how long to wait before reconnecting when the provider ends the stream on purpose.
  let retryMs: number | undefined;
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(
      new EventSourceParserStream({
        onComment: () => heard(),
        onRetry: (ms) => {
          retryMs = ms;
        },
      }),
    )
    .getReader();
  let silence: ReturnType<typeof setTimeout> | undefined;
  function heard() {
    clearTimeout(silence);
    silence = setTimeout(() => void reader.cancel('silent'), silenceMs);
  }

  onOpen();
  heard();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'dropped', reason: signal.aborted ? 'aborted' : 'ended' };
      heard();
      if (value.event === 'reconnect') {
        // The provider is stopping: reconnect (to another of its processes) after the wait it gave, not the back-off.
        void reader.cancel('moving');
        return { kind: 'dropped', reason: 'reconnect', ...(retryMs === undefined ? {} : { retryMs }) };
      }
      let data: unknown;
      try {
        data = JSON.parse(value.data);
      } catch {
        continue;
      }
      onMessage({ ...(value.id ? { id: value.id } : {}), type: value.event ?? 'message', data });
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'dropped', reason: 'broken' };
  } finally {
    clearTimeout(silence);
  }
}
