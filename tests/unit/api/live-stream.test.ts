// The live stream client as the provider sees it (path, headers), and how each kind of answer ends it.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { openLiveStream, type LiveMessage } from '../../../src/api/live-stream';
import { fakeLiveEvents } from '../../msw/live-events';
import { setupMsw } from '../../support/msw-server';

const BASE = 'http://localhost:3000/api/v1';
const server = setupMsw();

function open(options: { orderID?: string; lastEventId?: string } = {}) {
  const messages: LiveMessage[] = [];
  const onOpen = vi.fn();
  const abort = new AbortController();
  const ended = openLiveStream({ ...options, signal: abort.signal, onOpen, onMessage: (m) => messages.push(m) });
  return { messages, onOpen, ended, abort };
}

describe('the live stream client', () => {
  it('asks with the bearer and Last-Event-ID, reads events with their ids, and reports the end', async () => {
    const live = fakeLiveEvents(BASE);
    server.use(live.handler);
    const stream = open({ orderID: 'K7F3QX2M', lastEventId: '41' });
    await vi.waitFor(() => expect(stream.onOpen).toHaveBeenCalledTimes(1));
    const [request] = live.requests;
    expect(new URL(request?.url ?? '').searchParams.get('orderID')).toBe('K7F3QX2M');
    expect(request?.headers.get('Authorization')).toBe('Bearer demo-token');
    expect(request?.headers.get('Last-Event-ID')).toBe('41');
    live.send({ id: 42, type: 'order', data: { orderID: 'K7F3QX2M', status: 'ready' } });
    live.send({ type: 'summary', data: { open_orders: 1 } });
    await vi.waitFor(() => expect(stream.messages).toHaveLength(2));
    expect(stream.messages).toEqual([
      { id: '42', type: 'order', data: { orderID: 'K7F3QX2M', status: 'ready' } },
      { type: 'summary', data: { open_orders: 1 } },
    ]);
    live.dropAll();
    await expect(stream.ended).resolves.toEqual({ kind: 'dropped', reason: 'ended' });
  });

  it('ends when a stopping provider asks it to reconnect, with the wait the provider gave', async () => {
    // What the provider writes to each stream as it stops (server/live/sse-format.ts encodeReconnect).
    const body = 'retry: 1000\n: connected\n\nretry: 250\nevent: reconnect\ndata: {"retry_ms":250}\n\n';
    server.use(
      http.get(
        `${BASE}/events`,
        () => new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
      ),
    );
    const stream = open();
    await expect(stream.ended).resolves.toEqual({ kind: 'dropped', reason: 'reconnect', retryMs: 250 });
    expect(stream.messages).toEqual([]);
  });

  it.each([
    ['404 (a v1 provider)', 404, 'application/json', { kind: 'unsupported', status: 404 }],
    ['an app page instead of a stream', 200, 'text/html', { kind: 'unsupported', status: 200 }],
    ['a provider fault', 500, 'application/json', { kind: 'dropped', reason: 'status 500' }],
  ])('ends on %s', async (_name, status, type, end) => {
    server.use(http.get(`${BASE}/events`, () => new HttpResponse('{}', { status, headers: { 'Content-Type': type } })));
    await expect(open().ended).resolves.toEqual(end);
  });

  it('tells an order it may not follow from a provider without live events', async () => {
    server.use(http.get(`${BASE}/events`, () => HttpResponse.json({}, { status: 404 })));
    await expect(open({ orderID: 'NOSUCH00' }).ended).resolves.toEqual({ kind: 'unfollowable', orderID: 'NOSUCH00' });
  });

  it('forgets the session key on 503, as every call does', async () => {
    sessionStorage.setItem('api_key', 'abc');
    server.use(http.get(`${BASE}/events`, () => HttpResponse.json({}, { status: 503 })));
    await expect(open().ended).resolves.toEqual({ kind: 'dropped', reason: 'status 503' });
    expect(sessionStorage.getItem('api_key')).toBeNull();
  });

  it('reports an unreachable provider as a drop', async () => {
    server.use(http.get(`${BASE}/events`, () => HttpResponse.error()));
    await expect(open().ended).resolves.toEqual({ kind: 'dropped', reason: 'unreachable' });
  });
});
