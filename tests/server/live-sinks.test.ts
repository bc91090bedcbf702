// Where a live stream's bytes go: on node, HTTP/1.1 chunks written to the socket; a client that stops reading is
// dropped, not buffered forever; without node (app.fetch) the same stream is a web stream whose cancel frees its place.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamSink } from '../../server/live/live-hub';
import { nodeSink, webStreamBody } from '../../server/live/live-sinks';
import type { RunningProvider } from '../../server/start';
import { startTestProvider } from './helpers';

/** A node response (HTTP/2's, or one waiting behind another answer on its connection) that takes nothing while `full`. */
function fakeResponse() {
  const response = Object.assign(new EventEmitter(), {
    full: false,
    destroyed: false,
    writableEnded: false,
    written: [] as string[],
    flushHeaders() {},
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

/** A chunked HTTP/1.1 node response with its socket, which takes nothing while `full`. */
function fakeChunkedResponse() {
  const socket = Object.assign(new EventEmitter(), {
    full: false,
    destroyed: false,
    written: [] as string[],
    write(bytes: Buffer) {
      socket.written.push(bytes.toString('latin1'));
      return !socket.full;
    },
  });
  const response = Object.assign(new EventEmitter(), {
    chunkedEncoding: true,
    socket,
    destroyed: false,
    writableEnded: false,
    flushed: false,
    flushHeaders() {
      response.flushed = true;
    },
    write(): boolean {
      throw new Error('written through the response, not its socket');
    },
    end() {
      response.writableEnded = true;
    },
  });
  return { response, socket };
}

/** The bytes an HTTP/1.1 client reads from a new connection until `until` shows up in them. */
function readRaw(url: string, request: string, until: RegExp): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      received += text;
      if (until.test(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    const fail = (why: string) => () => {
      socket.destroy();
      reject(new Error(`${why} after: ${JSON.stringify(received)}`));
    };
    const timer = setTimeout(fail('Nothing matched within 5 s'), 5_000);
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      fail('Closed')();
    });
  });
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

  it('sends each event to the socket as an HTTP/1.1 chunk, which any client reads', async () => {
    const wire = await readRaw(
      provider.url,
      'GET /api/v1/events HTTP/1.1\r\nHost: provider\r\nAuthorization: Bearer demo-token\r\n\r\n',
      // The opening, then a heartbeat (every 20 ms here), each a chunk of its own.
      /\r\n\r\n19\r\nretry: 1000\n: connected\n\n\r\ne\r\n: keep-alive\n\n\r\n/,
    );
    expect(wire).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(wire).toMatch(/\r\ntransfer-encoding: chunked\r\n/i);
    expect(wire).toMatch(/\r\ncontent-type: text\/event-stream; charset=utf-8\r\n/i);
    // The client has gone: its place is free.
    await expect.poll(() => provider.live.streamCount).toBe(0);
  });

  it('writes framed chunks straight to the socket, and counts what it holds for a client that is not reading', () => {
    const { response, socket } = fakeChunkedResponse();
    const sink = nodeSink(response as unknown as ServerResponse);
    expect(response.flushed).toBe(true);
    const chunk = new TextEncoder().encode(': keep-alive\n\n');
    expect(sink.write(chunk)).toBe(true);
    expect(sink.write(new Uint8Array())).toBe(true);
    expect(socket.written).toEqual(['e\r\n: keep-alive\n\n\r\n']);
    socket.full = true;
    sink.write(chunk);
    sink.write(chunk);
    expect(sink.backlog()).toBe(2);
    socket.emit('drain');
    expect(sink.backlog()).toBe(0);
    sink.end();
    expect(response.writableEnded).toBe(true);
    expect(socket.listenerCount('drain')).toBe(0);
    expect(sink.write(chunk)).toBe(false);
    expect(socket.written).toHaveLength(3);
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
