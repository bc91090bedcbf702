// The API's guards at the HTTP level: body limit (also streamed bodies), CORS for allowed origins, and which answers are
// compressed.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/api/request-parsing';
import { DatabaseUnavailableError } from '../../server/db/database';
import { toProviderError } from '../../server/http/error-answers';
import { createLogger, processLogger, useLogger } from '../../server/ops/log';
import { metrics } from '../../server/ops/metrics';
import type { RunningProvider } from '../../server/start';
import { callApi, startTestProvider } from './helpers';

/** Runs `fn` with the process's log written into an array, and gives back what it wrote. */
async function capturingLog(fn: () => unknown): Promise<string> {
  const lines: string[] = [];
  const previous = processLogger();
  useLogger(createLogger({ format: 'json', destination: { write: (line: string) => lines.push(line) } }));
  try {
    await fn();
  } finally {
    useLogger(previous);
  }
  return lines.join('');
}

/** Sends a body in chunks without Content-Length (Transfer-Encoding: chunked), as a streaming client would. */
function postChunked(url: string, totalBytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/v1/orders`,
      { method: 'POST', headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const chunk = 'x'.repeat(8 * 1024);
    let sent = 0;
    const writeMore = () => {
      while (sent < totalBytes) {
        const piece = chunk.slice(0, Math.min(chunk.length, totalBytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

let provider: RunningProvider;
beforeAll(async () => {
  provider = await startTestProvider({ corsOrigins: ['https://app.example.com'] });
});
afterAll(async () => {
  await provider.close();
});

describe('body limit', () => {
  it('accepts a body of exactly 64 KiB (then judges its content)', async () => {
    const note = 'x'.repeat(MAX_BODY_BYTES - JSON.stringify({ table_id: 1, items: [], note: '' }).length);
    const body = JSON.stringify({ table_id: 1, items: [], note });
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    const response = await callApi(provider.url, 'orders', { method: 'POST', body });
    expect(response.status).toBe(422);
  });

  it('refuses a body one byte over with 413', async () => {
    const response = await callApi(provider.url, 'orders', { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses a streamed body without Content-Length once it passes 64 KiB', async () => {
    const answer = await postChunked(provider.url, MAX_BODY_BYTES * 3);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('checks the token before the size', async () => {
    const response = await fetch(`${provider.url}/api/v1/orders`, {
      method: 'POST',
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(401);
  });
});

describe('CORS for apps built with VITE_API_ORIGIN', () => {
  it('answers a preflight from an allowed origin without asking for the token', async () => {
    const response = await fetch(`${provider.url}/api/v1/orders`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key, x-order-key, x-table-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example.com');
    const allowed = response.headers.get('Access-Control-Allow-Headers')?.toLowerCase() ?? '';
    for (const header of ['idempotency-key', 'x-order-key', 'x-table-key']) expect(allowed).toContain(header);
  });

  it('does not allow other origins', async () => {
    const response = await callApi(provider.url, 'category', { headers: { Origin: 'https://evil.example.net' } });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('compression of JSON answers', () => {
  const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

  it('sends a small answer as it is, with its length, to a browser that accepts gzip', async () => {
    for (const path of ['summary', 'orders?orderID=ZZZZZZZZ']) {
      const response = await callApi(provider.url, path, { headers: BROWSER });
      const body = await response.text();
      expect(response.headers.get('Content-Encoding'), path).toBeNull();
      expect(response.headers.get('Content-Length'), path).toBe(String(Buffer.byteLength(body)));
      expect(() => JSON.parse(body), path).not.toThrow();
    }
  });

  it('gzips a large one (the menu) whole, with its length, and says it varies by encoding and language', async () => {
    const zipped = await callApi(provider.url, 'menu', { headers: BROWSER });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(Number(zipped.headers.get('Content-Length'))).toBeGreaterThan(0);
    expect(zipped.headers.get('Vary')).toMatch(/Accept-Language.*Accept-Encoding/);
    const menu = await zipped.text(); // fetch decompresses

    const plain = await callApi(provider.url, 'menu', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toContain('Accept-Encoding');
    const text = await plain.text();
    expect(plain.headers.get('Content-Length')).toBe(String(Buffer.byteLength(text)));
    expect(menu).toBe(text);
    expect(Number(zipped.headers.get('Content-Length'))).toBeLessThan(Buffer.byteLength(text) / 2);
  });
});

/** Sends raw bytes on a new connection and collects whatever comes back until the server closes it. */
function rawExchange(port: number, text: string, { destroyAfterSend = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (destroyAfterSend) {
        socket.destroy();
        resolve('');
      }
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const partialPost = (bodyBytes: number) =>
  [
    'POST /api/v1/orders HTTP/1.1',
    'Host: 127.0.0.1',
    'Authorization: Bearer demo-token',
    'Content-Type: application/json',
    `Content-Length: ${bodyBytes}`,
    '',
    '{"table_id": 3,',
  ].join('\r\n');

describe('slow and vanishing clients', () => {
  it('cuts off a body that does not arrive within the deadline with 408', async () => {
    // A short deadline, so the test waits a second, not fifteen.
    const strict = await startTestProvider({ requestTimeoutMs: 1000 });
    try {
      const answer = await rawExchange(strict.port, partialPost(500));
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await strict.close();
    }
  });

  it('does not log a client that hangs up mid-request as a database failure', async () => {
    const cutOff = async () =>
      (await metrics.requestDuration.get()).values
        .filter(
          (sample) =>
            sample.metricName?.endsWith('_count') &&
            sample.labels.route === '/api/v1/orders' &&
            sample.labels.status === '499',
        )
        .reduce((sum, sample) => sum + sample.value, 0);
    const before = await cutOff();
    const logged = await capturingLog(async () => {
      await rawExchange(provider.port, partialPost(500), { destroyAfterSend: true });
      // The provider is done with the cut-off request once it has counted it (answered to nobody: 499).
      await vi.waitFor(async () => expect(await cutOff()).toBeGreaterThan(before), { interval: 5 });
      expect((await callApi(provider.url, 'category')).status).toBe(200);
    });
    expect(logged).not.toMatch(/database_error|unexpected_error/);
  });
});

describe('database failures are 503, never 500', () => {
  it.each([
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a silent server', new Error('Query read timeout')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a statement timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    ['an idle transaction ended', Object.assign(new Error('terminating connection'), { code: '25P03' })],
    ['a full disk', Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' })],
    ['a file PGlite cannot read', Object.assign(new Error('could not open file "base/5/2691"'), { code: '58P01' })],
    ['the database known to be away', new DatabaseUnavailableError('PostgreSQL cannot be reached')],
  ])('%s', async (_, error) => {
    let status = 0;
    const logged = await capturingLog(() => (status = toProviderError(error).status));
    expect(status).toBe(503);
    // Known to be away: its lost and back lines say so, once, not a line per request.
    if (error instanceof DatabaseUnavailableError) expect(logged).toBe('');
    else expect(logged).toContain('"event":"database_error"');
  });
});
