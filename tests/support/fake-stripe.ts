// A local HTTP server that answers as Stripe's API does for what the adapter uses (PaymentIntents, refunds), so the
// Stripe adapter is tested without the internet: the `stripe` client is pointed at it with its host and port options.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  port: number;
  intents: Map<string, FakeIntent>;
  /** Every request: method, path, its Idempotency-Key and form body. */
  calls: { method: string; path: string; idempotencyKey: string | undefined; body: URLSearchParams }[];
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** The next calls answer this HTTP status with Stripe's error shape (undefined: answer normally). */
  failWith: number | undefined;
  setStatus(id: string, status: string): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

/** Stripe's form encoding: `metadata[share_id]=7` → metadata.share_id. */
function metadataOf(body: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of body) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

// What Stripe lets a PaymentIntent be cancelled from (https://docs.stripe.com/api/payment_intents/cancel); `processing`
// only in rare cases, which the fake treats as never.
const CANCELLABLE = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
]);

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const calls: FakeStripe['calls'] = [];
  const refunds: FakeStripe['refunds'] = [];
  let counter = 0;
  const state = { failWith: undefined as number | undefined };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = new URLSearchParams(await readBody(request));
      const path = new URL(request.url ?? '/', 'http://stripe.local').pathname;
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      calls.push({ method: request.method ?? 'GET', path, idempotencyKey, body });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++counter}` });
        response.end(JSON.stringify(json));
      };
      if (state.failWith !== undefined) {
        answer(state.failWith, { error: { type: 'invalid_request_error', message: 'The fake was told to fail' } });
        return;
      }
      if (request.method === 'POST' && path === '/v1/payment_intents') {
        const known = idempotencyKey === undefined ? undefined : byKey.get(idempotencyKey);
        if (known) {
          answer(200, intents.get(known));
          return;
        }
        const id = `pi_fake_${++counter}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          amount_received: 0,
          currency: body.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          metadata: metadataOf(body),
        };
        intents.set(id, intent);
        if (idempotencyKey !== undefined) byKey.set(idempotencyKey, id);
        answer(200, intent);
        return;
      }
      const read = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && read?.[1]) {
        const intent = intents.get(read[1]);
        if (intent) answer(200, intent);
        else answer(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        return;
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      if (request.method === 'POST' && cancel?.[1]) {
        const intent = intents.get(cancel[1]);
        if (!intent) {
          answer(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        } else if (CANCELLABLE.has(intent.status)) {
          intent.status = 'canceled';
          answer(200, intent);
        } else {
          answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        return;
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        const refund = {
          id: `re_fake_${++counter}`,
          object: 'refund',
          payment_intent: body.get('payment_intent') ?? '',
          amount: Number(body.get('amount')),
          status: 'succeeded',
        };
        refunds.push(refund);
        answer(200, refund);
        return;
      }
      answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    calls,
    refunds,
    get failWith() {
      return state.failWith;
    },
    set failWith(status) {
      state.failWith = status;
    },
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No intent ${id}`);
      intent.status = status;
      if (status === 'succeeded') intent.amount_received = intent.amount;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
