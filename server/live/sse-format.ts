// Server-sent events on the wire: each event encoded once, then written to every stream that should get it.

const encoder = new TextEncoder();

/** One event; `data` is JSON on a single line, so no line of it can end the event early. */
export function encodeEvent(event: { id?: number; type: string; data: unknown }): Uint8Array {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return encoder.encode(`${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}

/** The same, with `data` already JSON text on a single line (PostgreSQL's jsonb text never breaks lines). */
export function encodeJsonEvent(event: { id: number; type: string; json: string }): Uint8Array {
  return encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${event.json}\n\n`);
}

/** A comment line: clients ignore it, proxies see traffic and keep the connection open. */
export const HEARTBEAT = encoder.encode(': keep-alive\n\n');

/** Opens the stream: how long a client waits before reconnecting, and a first byte so headers go out now. */
export const encodeOpening = (retryMs: number) => encoder.encode(`retry: ${retryMs}\n: connected\n\n`);

/**
 * Ends a stream when the process stops: the standard `retry` field (the wait before reconnecting, spread so streams do
 * not all return in the same instant) and a `reconnect` event, so the client reconnects at once to a process that is
 * staying, resuming from its last event id, rather than after its usual back-off.
 */
export const encodeReconnect = (retryMs: number) =>
  encoder.encode(`retry: ${retryMs}\nevent: reconnect\ndata: {"retry_ms":${retryMs}}\n\n`);
