// The payment providers' own steps over HTTP: the demo provider's test-card step and Stripe's signed webhook.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { badRequest, notFound, payloadTooLarge } from '../api/provider-error';
import { checkJsonContentType, parseJsonBody } from '../api/request-parsing';
import { errorAnswer } from '../http/error-answers';
import { parseDemoPayment } from '../bill/bill-parsing';
import { paymentProviderUnreachable } from '../bill/bill-errors';
import { applyPaymentIntent, confirmDemoShare, firstTimeEvent } from '../bill/bill-store';
import type { Database } from '../db/database';
import { log } from '../ops/log';
import { requestFields } from '../ops/request-context';
import { pathId } from '../staff/staff-parsing';
import { seatingKeyOf } from '../tables/table-routes';
import type { StripePayments } from './stripe-payments';

// Stripe's events are a few KiB; this leaves room without letting a stranger send megabytes.
const WEBHOOK_MAX_BYTES = 256 * 1024;

export interface PaymentRouteDeps {
  db: Database;
  now: () => Date;
  /** Set when Stripe is configured: its webhook answers; otherwise 404. */
  stripe?: StripePayments;
}

export function addPaymentRoutes(api: Hono, { db, now, demo }: PaymentRouteDeps & { demo: boolean }): void {
  api.post('/payments/demo/:share_id', async (c) => {
    if (!demo) throw notFound('The demo payment step is not offered here');
    const shareId = pathId(c.req.param('share_id'), 'share');
    checkJsonContentType(c.req.header('Content-Type'));
    const card = parseDemoPayment(parseJsonBody(await c.req.text()));
    return c.json(await confirmDemoShare(db, now(), seatingKeyOf(c), shareId, card));
  });
}

/**
 * Stripe's webhook, outside the bearer token (Stripe cannot send it): its signature is its proof. The event is only
 * a nudge: the PaymentIntent is read again from Stripe and the share follows that, and an event id already handled
 * changes nothing. Stripe retries what is not answered 2xx, so a database or Stripe outage answers 503.
 */
export function addStripeWebhook(api: Hono, { db, now, stripe }: PaymentRouteDeps): void {
  const limit = bodyLimit({
    maxSize: WEBHOOK_MAX_BYTES,
    onError: (c) => errorAnswer(c, payloadTooLarge(WEBHOOK_MAX_BYTES)),
  });
  api.post('/payments/stripe/webhook', limit, async (c) => {
    if (!stripe) throw notFound('Stripe is not set up on this provider');
    const body = await c.req.text();
    let event;
    try {
      event = stripe.verifyEvent(body, c.req.header('Stripe-Signature'));
    } catch {
      throw badRequest('The Stripe-Signature does not match this body', { 'Stripe-Signature': 'does not verify' });
    }
    if (!event.type.startsWith('payment_intent.')) return c.json({ received: true });
    const intentId = (event.data.object as { id?: unknown }).id;
    if (typeof intentId !== 'string') return c.json({ received: true });
    let intent;
    try {
      intent = await stripe.readIntent(intentId);
    } catch (error) {
      log.warn(
        {
          ...requestFields(c),
          event: 'payment_intent_unreadable',
          error: error instanceof Error ? error.message : String(error),
        },
        'Stripe’s webhook: the PaymentIntent could not be read again; answered 503 so Stripe retries',
      );
      throw paymentProviderUnreachable();
    }
    await db.transaction(async (tx) => {
      if (!(await firstTimeEvent(tx, 'stripe', event.id))) return;
      await applyPaymentIntent(tx, intent, now());
    });
    return c.json({ received: true });
  });
}
