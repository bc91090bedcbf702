// The API's guards at the HTTP level: body limit (also streamed bodies) and CORS for allowed origins.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/api/request-parsing';
import type { RunningProvider } from '../../server/start';
import { callApi, startTestProvider } from './helpers';

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
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example.com');
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('does not allow other origins', async () => {
    const response = await callApi(provider.url, 'category', { headers: { Origin: 'https://evil.example.net' } });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
