// Where a live stream's bytes go: a client that stops reading is dropped, not buffered forever; without node (app.fetch)
// the same stream is a web stream whose cancel frees its place.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamSink } from '../../server/live/live-hub';
import { nodeSink, webStreamBody } from '../../server/live/live-sinks';
import type { RunningProvider } from '../../server/start';
import { startTestProvider } from './helpers';

/** A node response whose socket takes nothing while `full`. */
function fakeResponse() {
  const response = Object.assign(new EventEmitter(), {
    full: false,
    destroyed: false,
    writableEnded: false,
    written: [] as string[],
    write(chunk: Uint8Array) {
      response.written.push(new TextDecoder().decode(chunk));
      return !response.full;
    },
    end() {
      response.writableEnded = true;
    },
  });
  return response;
}

describe('live stream sinks', () => {
  let provider: RunningProvider;

  beforeAll(async () => {
    provider = await startTestProvider({ live: { heartbeatMs: 20 }, corsOrigins: ['https://guest.example'] });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('answers a stream on node with the headers every answer carries, then its opening', async () => {
    const leave = new AbortController();
    const response = await fetch(`${provider.url}/api/v1/events`, {
      headers: { Authorization: 'Bearer demo-token', Origin: 'https://guest.example' },
      signal: leave.signal,
    });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'access-control-allow-origin': 'https://guest.example',
      'x-request-id': expect.any(String),
    });
    const reader = response.body?.getReader();
    // Heartbeats come every 20 ms here, so one read may hold more than the opening.
    expect(new TextDecoder().decode((await reader?.read())?.value)).toMatch(/^retry: 1000\n: connected\n\n/);
    expect(provider.live.streamCount).toBe(1);
    leave.abort();
    await expect.poll(() => provider.live.streamCount).toBe(0);
  });

  it('ends a stream whose client has stopped reading, and frees its place', async () => {
    const opened = provider.live.open({ staff: false, client: '192.0.2.1' });
    if (!('stream' in opened)) throw new Error('refused');
    const written: string[] = [];
    let ended = false;
    const farBehind: StreamSink = {
      write(chunk) {
        written.push(new TextDecoder().decode(chunk));
        return true;
      },
      backlog: () => 10_000,
      end() {
        ended = true;
      },
    };
    opened.stream.attach(farBehind);
    expect(written[0]).toBe('retry: 1000\n: connected\n\n');
    await expect.poll(() => ended).toBe(true);
    expect(provider.live.streamCount).toBe(0);
  });

  it('counts what the node response holds for a client that is not reading until its socket drains', () => {
    const response = fakeResponse();
    const sink = nodeSink(response as unknown as ServerResponse);
    const chunk = new TextEncoder().encode(': keep-alive\n\n');
    expect(sink.write(chunk)).toBe(true);
    expect(sink.backlog()).toBe(0);
    response.full = true;
    sink.write(chunk);
    sink.write(chunk);
    expect(sink.backlog()).toBe(2);
    response.emit('drain');
    expect(sink.backlog()).toBe(0);
    expect(response.written).toHaveLength(3);
    response.destroyed = true;
    expect(sink.write(chunk)).toBe(false);
  });

  it('serves the same bytes as a web stream without node, and frees the place when its reader cancels', async () => {
    const opened = provider.live.open({ staff: false, client: '192.0.2.2' });
    if (!('stream' in opened)) throw new Error('refused');
    const reader = webStreamBody(opened.stream).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('retry: 1000\n: connected\n\n');
    expect(provider.live.streamCount).toBe(1);
    await reader.cancel();
    expect(provider.live.streamCount).toBe(0);
  });
});
