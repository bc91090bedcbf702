// The bill's calls as data (contract v1.2 "Tables that last", "The bill and payment"): joining a seating, the bill,
// shares, and the payment providers' steps.
import * as z from 'zod/mini';
import { billSchema, demoPaymentSchema, newShareSchema, seatingSchema, shareSchema } from '../bill';
import { idSchema } from '../guest';
import { idempotencyKeySchema } from '../orders';
import { error, noBearer, noSeating, notJson, notJsonType, seatingKeyHeader } from './answers';
import { operations } from './operation';

export const billOperations = operations([
  {
    operationId: 'joinSeating',
    method: 'post',
    path: '/table/seating',
    summary: 'A QR scan: join the table’s open seating, or start one',
    description:
      'Each call gives this phone a key of its own to the seating (random, at least 128 bits, kept hashed by the provider); the seating’s calls take it as `X-Seating-Key`. The printed key lasts from party to party, so a phone that kept it must scan again rather than rejoin on its own: the seating it would join may be the next party’s.',
    since: '1.2',
    access: ['table-key'],
    tags: ['bill'],
    headers: { 'X-Table-Key': { description: 'The key the table’s printed code carries.', required: true } },
    responses: {
      200: { description: 'This phone’s key to the seating, and the table the key opened.', schema: seatingSchema },
      401: noBearer,
      404: error('No table key, or one that is not a table’s current key.'),
    },
  },
  {
    operationId: 'getBill',
    method: 'get',
    path: '/table/bill',
    summary: 'The seating’s bill: lines, subtotal, tax, service charge, tips, what is paid and what is left',
    description:
      'Computed in cents by the shared rules (src/domain/bill.ts), half up per line. `shares` lists every share of the seating; a Stripe share’s `client_secret` is only ever in the answer to the phone that made it.',
    since: '1.2',
    access: ['seating-key'],
    tags: ['bill'],
    headers: seatingKeyHeader,
    responses: {
      200: { description: 'The bill.', schema: billSchema },
      401: noBearer,
      404: noSeating,
    },
  },
  {
    operationId: 'addShare',
    method: 'post',
    path: '/table/bill/shares',
    summary: 'Pay part of the bill: my lines, one of equal parts, or an amount (`rest`: the balance), with a tip',
    description:
      'Lines claimed by an open share are held for 10 minutes, so two phones cannot pay the same dish; a share never exceeds the balance less what other open shares hold. The answer’s `payment` says how to pay: `demo` (the provider’s own payment step, `url`) or `stripe` (the Payment Element’s `client_secret` and `publishable_key`; one PaymentIntent per share, made with the share’s id as its idempotency key). The share is marked paid only on the payment provider’s verified word.',
    since: '1.2',
    access: ['seating-key'],
    tags: ['bill'],
    headers: {
      ...seatingKeyHeader,
      'Idempotency-Key': {
        description: 'The same key and body answer the same share (200); the same key with another body is 422.',
        required: true,
        schema: idempotencyKeySchema,
      },
    },
    body: { schema: newShareSchema },
    responses: {
      201: { description: 'The share, open, with how to pay it.', schema: shareSchema },
      200: { description: 'This Idempotency-Key already made this share: the same one.', schema: shareSchema },
      400: error('The body is not JSON, or the Idempotency-Key is missing or malformed.'),
      401: noBearer,
      404: error(
        'No seating opens with that key (`not_found`), it ended (`seating_ended`), or this restaurant takes no payments on guests’ phones (`not_found` with `fields.payments: "off"`: pay at the counter).',
      ),
      409: error(
        '`already_paid`: those lines or parts are paid or held by another phone, or nothing is left to pay; `fields` says what is left of each line.',
      ),
      415: notJsonType,
      422: error(
        'A share over what is left to pay, 0 parts, a negative or refused tip, a line of another seating, or a reused Idempotency-Key.',
      ),
      503: error('The payment provider could not be reached: nothing is held; try again.'),
    },
  },
  {
    operationId: 'cancelShare',
    method: 'delete',
    path: '/table/bill/shares/{share_id}',
    summary: 'The guest changed their mind: cancel one of the seating’s open shares and free what it holds at once',
    description:
      'In one transaction under the seating’s lock: the share becomes `cancelled` and its lines and amount are free for a new share. A share is never cancelled while the payment provider may still take its money: a Stripe share’s PaymentIntent is cancelled at Stripe first, and if Stripe says it succeeded already, the share is recorded as paid on that word and the answer is 409 `already_paid`. Cancelling a share cancelled already answers it as it is, so a retry is harmless.',
    since: '1.2',
    access: ['seating-key'],
    tags: ['bill'],
    params: { share_id: idSchema },
    headers: seatingKeyHeader,
    responses: {
      200: { description: 'The share as it now is: `cancelled`.', schema: shareSchema },
      401: noBearer,
      404: error(
        'No seating key, or a wrong one (`not_found`); no such share in this seating (another seating’s shares are not found either); or the seating ended (`seating_ended`).',
      ),
      409: error(
        '`already_paid`: the share is paid (Stripe’s word included), nothing was cancelled; `not_editable`: it failed or expired already, or its payment is still being set up or processed.',
      ),
      503: error('The payment provider could not be reached: nothing was cancelled; try again.'),
    },
  },
  {
    operationId: 'payDemoShare',
    method: 'post',
    path: '/payments/demo/{share_id}',
    summary: 'The demo provider’s payment step: a test card approves, declines or asks for a second step',
    description:
      '4242 4242 4242 4242 approves; 4000 0000 0000 0002 declines (the share fails, its lines are free again); 4000 0025 0000 3155 asks for a second step (`next_step: "authenticate"`), answered with `second_step`. Any other number is 422. Confirming a paid share again answers it as it is: a share is never paid twice.',
    since: '1.2',
    access: ['seating-key'],
    tags: ['bill'],
    params: { share_id: idSchema },
    headers: seatingKeyHeader,
    body: { schema: demoPaymentSchema },
    responses: {
      200: { description: 'The share: paid, failed, or open with a second step to take.', schema: shareSchema },
      400: notJson,
      401: noBearer,
      404: error(
        'No such share in this seating, or one not paid through `demo`; or the seating ended; or the demo step is not offered (Stripe, or no payments on guests’ phones).',
      ),
      409: error('The share expired or failed: make a new one.'),
      422: error('Not one of the test cards, or a second step the card did not ask for.'),
    },
  },
  {
    operationId: 'stripeWebhook',
    method: 'post',
    path: '/payments/stripe/webhook',
    summary: 'Stripe’s events about PaymentIntents, verified by their signature',
    description:
      'Verified with `Stripe-Signature` and `STRIPE_WEBHOOK_SECRET`; an event id already seen is answered 200 and changes nothing; the PaymentIntent is read again from Stripe before a share is marked paid, so events out of order leave the share as the PaymentIntent is.',
    since: '1.2',
    access: ['payment-provider'],
    tags: ['bill'],
    headers: { 'Stripe-Signature': { description: 'Stripe’s signature of the body.', required: true } },
    body: {
      contentTypes: ['application/json'],
      description: 'A Stripe event, as Stripe signed it.',
      schema: z.unknown(),
    },
    responses: {
      200: { description: 'Received (also for an event already seen, or one about no share of ours).' },
      400: error('No or a bad signature: nothing changes.'),
      404: error('Stripe is not configured on this provider.'),
      503: error('Stripe or the database could not be reached: Stripe sends the event again later.'),
    },
  },
]);
