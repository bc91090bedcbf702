// The Stripe adapter against a local server that answers as Stripe does: one PaymentIntent per share, webhooks verified
// and deduplicated, the intent read again so a share follows it whatever the events say, refunds, and the CSP.
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderApp } from '../../server/app';
import { createOrderKeys } from '../../server/orders/order-access';
import { startProvider } from '../../server/start';
import { billSchema, seatingSchema, shareSchema, type Seating, type Share } from '../../contract/bill';
import { staffBillSchema } from '../../contract/tables';
import type { RunningProvider } from '../../server/start';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { callApi, startTestProvider } from './helpers';

const WEBHOOK_SECRET = 'whsec_test_fake_0123456789';
const TABLE = 2;

let stripe: FakeStripe;
let provider: RunningProvider;
let manager: string;

async function json(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

async function signInManager(): Promise<string> {
  const answer = await callApi(provider.url, 'staff/session', {
    method: 'POST',
    body: JSON.stringify({ name: 'manager', password: 'manager-password' }),
  });
  expect(answer.status).toBe(201);
  return /staff_session=[^;]+/.exec(answer.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
}

async function seatAndOrder(): Promise<Seating> {
  const cleared = await callApi(provider.url, `staff/tables/${TABLE}/clear`, {
    method: 'POST',
    body: JSON.stringify({ reason: 'test starts afresh' }),
    headers: { Cookie: manager },
  });
  expect(cleared.status).toBe(200);
  const [row] = await provider.db.query<{ table_key: string }>('SELECT table_key FROM dining_tables WHERE id = $1', [
    TABLE,
  ]);
  const seating = seatingSchema.parse(
    await json(
      await callApi(provider.url, 'table/seating', {
        method: 'POST',
        headers: { 'X-Table-Key': row?.table_key ?? '' },
      }),
    ),
  );
  const ordered = await callApi(provider.url, 'orders', {
    method: 'POST',
    body: JSON.stringify({ table_id: TABLE, items: [{ menu_id: 33, quantity: 2 }] }),
    headers: { 'X-Seating-Key': seating.seating_key },
  });
  expect(ordered.status).toBe(201);
  return seating;
}

const shareCall = (seating: Seating, key: string, body: unknown = { kind: 'amount', amount: 'rest' }) =>
  callApi(provider.url, 'table/bill/shares', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'X-Seating-Key': seating.seating_key, 'Idempotency-Key': key },
  });

async function bill(seating: Seating) {
  return billSchema.parse(
    await json(await callApi(provider.url, 'table/bill', { headers: { 'X-Seating-Key': seating.seating_key } })),
  );
}

/** A webhook as Stripe sends it: the event, signed with the endpoint's secret. */
function webhook(event: { id: string; type: string; intent: string }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: event.intent, object: 'payment_intent' } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${provider.url}/api/v1/payments/stripe/webhook`, {
    method: 'POST',
    body: payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  });
}

const intentOf = (share: Share) => {
  const secret = share.payment.client_secret ?? '';
  return secret.slice(0, secret.indexOf('_secret'));
};

// On PostgreSQL when there is one (CI), so the duplicated webhooks really race on separate connections.
const databaseUrl = process.env.DATABASE_URL;
const schema = `stripe_${process.pid}_${Date.now().toString(36)}`;

beforeAll(async () => {
  stripe = await startFakeStripe();
  const options = {
    manager: { name: 'manager', password: 'manager-password' },
    stripe: {
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_fake',
      api: { host: '127.0.0.1', port: stripe.port, protocol: 'http' as const },
    },
  };
  provider = databaseUrl
    ? await startProvider({ ...options, storage: { kind: 'postgres', connectionString: databaseUrl, schema } })
    : await startTestProvider(options);
  manager = await signInManager();
});

afterAll(async () => {
  await provider?.close();
  await stripe?.close();
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => admin.end());
  }
});

describe('Stripe payments', () => {
  it('a share makes one PaymentIntent, with the share id as its idempotency key; only its phone gets the secret', async () => {
    const seating = await seatAndOrder();
    const created = await shareCall(seating, 'stripe-share-one', { kind: 'amount', amount: 10, tip: { amount: 1.5 } });
    expect(created.status).toBe(201);
    const share = shareSchema.parse(await json(created));
    expect(share.payment).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_fake' });
    const intent = stripe.intents.get(intentOf(share));
    expect(intent).toMatchObject({ amount: 1150, currency: 'usd', metadata: { share_id: String(share.id) } });
    const creations = stripe.calls.filter((call) => call.path === '/v1/payment_intents' && call.method === 'POST');
    expect(creations.at(-1)?.idempotencyKey).toBe(`share_${share.id}`);

    // The same Idempotency-Key again: the same share and intent, nothing new at Stripe.
    const before = creations.length;
    const again = shareSchema.parse(
      await json(await shareCall(seating, 'stripe-share-one', { kind: 'amount', amount: 10, tip: { amount: 1.5 } })),
    );
    expect(again.id).toBe(share.id);
    expect(again.payment.client_secret).toBe(share.payment.client_secret);
    expect(stripe.calls.filter((call) => call.path === '/v1/payment_intents' && call.method === 'POST')).toHaveLength(
      before,
    );
    // Everyone at the table reads the bill; no client secret is in it.
    expect(JSON.stringify(await bill(seating))).not.toContain('secret');
  });

  it('a bad signature is 400 and changes nothing; a verified event pays the share once, however often it comes', async () => {
    const seating = await seatAndOrder();
    const share = shareSchema.parse(await json(await shareCall(seating, 'stripe-share-two')));
    const intent = intentOf(share);
    stripe.setStatus(intent, 'succeeded');

    const forged = await webhook({ id: 'evt_forged', type: 'payment_intent.succeeded', intent }, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${provider.url}/api/v1/payments/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
    expect((await bill(seating)).shares[0]?.status).toBe('open');

    // The same event twenty times, and twenty events about the same intent, all at once.
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => webhook({ id: 'evt_same', type: 'payment_intent.succeeded', intent })),
      ...Array.from({ length: 20 }, (_, index) =>
        webhook({ id: `evt_other_${index}`, type: 'payment_intent.succeeded', intent }),
      ),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const paid = await bill(seating);
    expect(paid.shares[0]?.status).toBe('paid');
    expect(paid).toMatchObject({ balance: 0, paid: 23 });
    const payments = await provider.db.query('SELECT id FROM payments WHERE share_id = $1', [share.id]);
    expect(payments).toHaveLength(1);
    const seen = await provider.db.query(`SELECT event_id FROM payment_events WHERE event_id = 'evt_same'`);
    expect(seen).toHaveLength(1);
  });

  it('events out of order: the share ends as the PaymentIntent is, whatever the event says', async () => {
    const seating = await seatAndOrder();
    const share = shareSchema.parse(
      await json(await shareCall(seating, 'stripe-share-three', { kind: 'amount', amount: 5 })),
    );
    const intent = intentOf(share);
    // A "succeeded" event for an intent that has not succeeded (or not yet): nothing is paid.
    expect((await webhook({ id: 'evt_early', type: 'payment_intent.succeeded', intent })).status).toBe(200);
    expect((await bill(seating)).shares.at(-1)?.status).toBe('open');
    // Succeeded, then a late "payment_failed" arrives first: the intent says succeeded, so the share is paid.
    stripe.setStatus(intent, 'succeeded');
    expect((await webhook({ id: 'evt_late_failure', type: 'payment_intent.payment_failed', intent })).status).toBe(200);
    expect((await bill(seating)).shares.at(-1)?.status).toBe('paid');

    // A canceled intent fails its open share, and frees what it held.
    const other = shareSchema.parse(await json(await shareCall(seating, 'stripe-share-four')));
    stripe.setStatus(intentOf(other), 'canceled');
    await webhook({ id: 'evt_canceled', type: 'payment_intent.canceled', intent: intentOf(other) });
    const after = await bill(seating);
    expect(after.shares.at(-1)?.status).toBe('failed');
    expect(after.available).toBe(18);
  });

  it('a guest cancels a Stripe share: its PaymentIntent is cancelled at Stripe first; one Stripe says succeeded is paid, and 409', async () => {
    const seating = await seatAndOrder();
    const cancel = (share: Share) =>
      callApi(provider.url, `table/bill/shares/${share.id}`, {
        method: 'DELETE',
        headers: { 'X-Seating-Key': seating.seating_key },
      });
    const open = shareSchema.parse(await json(await shareCall(seating, 'stripe-share-cancel')));

    // Stripe out of reach: nothing is cancelled, the share still holds.
    stripe.failWith = 500;
    try {
      expect((await cancel(open)).status).toBe(503);
    } finally {
      stripe.failWith = undefined;
    }
    expect((await bill(seating)).available).toBe(0);

    const answer = await cancel(open);
    expect(answer.status).toBe(200);
    expect(shareSchema.parse(await json(answer)).status).toBe('cancelled');
    expect(stripe.intents.get(intentOf(open))?.status).toBe('canceled');
    expect((await bill(seating)).available).toBe(23);
    // Stripe's own canceled event arriving later changes nothing.
    await webhook({ id: 'evt_cancel_echo', type: 'payment_intent.canceled', intent: intentOf(open) });
    expect((await bill(seating)).shares.find((share) => share.id === open.id)?.status).toBe('cancelled');

    // Paid at Stripe before its webhook came: the cancel learns it, records it paid, and refuses.
    const paying = shareSchema.parse(await json(await shareCall(seating, 'stripe-share-cancel-late')));
    stripe.setStatus(intentOf(paying), 'succeeded');
    const late = await cancel(paying);
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({ error: { code: 'already_paid' } });
    expect(stripe.intents.get(intentOf(paying))?.status).toBe('succeeded');
    const after = await bill(seating);
    expect(after.shares.find((share) => share.id === paying.id)?.status).toBe('paid');
    expect(after).toMatchObject({ balance: 0, paid: 23 });
  });

  it('Stripe out of reach: the share fails at once (503) and holds nothing', async () => {
    const seating = await seatAndOrder();
    stripe.failWith = 400;
    try {
      const answer = await shareCall(seating, 'stripe-share-unreachable');
      expect(answer.status).toBe(503);
    } finally {
      stripe.failWith = undefined;
    }
    const after = await bill(seating);
    expect(after.shares.map((share) => share.status)).toEqual(['failed']);
    expect(after.available).toBe(23);
  });

  it('a manager’s refund of a Stripe payment goes through Stripe, once per refund', async () => {
    const seating = await seatAndOrder();
    const share = shareSchema.parse(await json(await shareCall(seating, 'stripe-share-refund')));
    stripe.setStatus(intentOf(share), 'succeeded');
    await webhook({ id: 'evt_refund_paid', type: 'payment_intent.succeeded', intent: intentOf(share) });
    const staffBill = staffBillSchema.parse(
      await json(await callApi(provider.url, `staff/tables/${TABLE}/bill`, { headers: { Cookie: manager } })),
    );
    const payment = staffBill.payments.find((candidate) => candidate.share_id === share.id);
    expect(payment?.method).toBe('stripe');
    const refunded = await callApi(provider.url, `staff/payments/${payment?.id}/refund`, {
      method: 'POST',
      body: JSON.stringify({ amount: 3, reason: 'a dish came late' }),
      headers: { Cookie: manager },
    });
    expect(refunded.status).toBe(201);
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: intentOf(share), amount: 300 });
    expect((await bill(seating)).balance).toBe(3);
  });

  it('the CSP allows Stripe’s script and frames only where Stripe is configured', async () => {
    // The page's policy: the pay screen loads Stripe's script and frames (API answers have a policy of their own).
    const withStripe = (await fetch(`${provider.url}/pay`)).headers.get('Content-Security-Policy') ?? '';
    expect(withStripe).toContain('script-src');
    expect(withStripe).toContain('https://js.stripe.com');
    expect(withStripe).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    // The same database behind an app without Stripe: the demo provider's CSP, and no webhook.
    const demo = createProviderApp({
      db: provider.db,
      token: 'demo-token',
      orderKeys: createOrderKeys('a-test-secret-of-enough-length'),
    });
    const csp = (await demo.request('/pay')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).not.toContain('stripe');
    expect(csp).toContain("script-src 'self'");
    const noWebhook = await demo.request('/api/v1/payments/stripe/webhook', { method: 'POST', body: '{}' });
    expect(noWebhook.status).toBe(404);
  });
});
