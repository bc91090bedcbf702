// The payment machine with its effects faked: offline takes nothing, a lost answer is asked again under the same key,
// the demo step's second step, a refusal in the provider's words, Stripe's verified word awaited, the receipt kept.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NewShare, Share } from '../../../contract/bill';
import { paymentMachine, selectPaymentStep, type PaymentFailure } from '../../../src/machines/payment.machine';

const share = (changes: Partial<Share> = {}): Share => ({
  id: 7,
  kind: 'amount',
  amount: 10,
  tip: 1,
  total: 11,
  status: 'open',
  payment: { provider: 'demo', url: '/pay?share=7', next_step: null },
  ...changes,
});

const REST: NewShare = { kind: 'amount', amount: 'rest' };

function start(actors: Partial<Parameters<typeof paymentMachine.provide>[0]['actors']> = {}) {
  const keepReceipt = vi.fn();
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        createShare: fromPromise(async () => share()),
        confirmDemo: fromPromise(async () => share({ status: 'paid' })),
        ...actors,
      },
      actions: { keepReceipt: (_, { share: paid }) => keepReceipt(paid) },
    }),
  ).start();
  return { actor, keepReceipt, step: () => selectPaymentStep(actor.getSnapshot()) };
}

describe('the payment machine', () => {
  it('offline, it says so and asks for nothing: never a queued payment', () => {
    const createShare = vi.fn(async () => share());
    const { actor, step } = start({ createShare: fromPromise(createShare) });
    actor.send({ type: 'pay.start', share: REST, online: false });
    expect(step()).toBe('offline');
    expect(createShare).not.toHaveBeenCalled();
  });

  it('pays with a demo card and keeps the receipt', async () => {
    const { actor, keepReceipt, step } = start();
    actor.send({ type: 'pay.start', share: REST, online: true });
    await waitFor(actor, (snapshot) => selectPaymentStep(snapshot) === 'card');
    actor.send({ type: 'pay.card', cardNumber: '4242424242424242' });
    await waitFor(actor, (snapshot) => snapshot.matches('paid'));
    expect(step()).toBe('paid');
    expect(keepReceipt).toHaveBeenCalledWith(expect.objectContaining({ id: 7, status: 'paid' }));
  });

  it('a card that asks for a second step sends the same card with its answer', async () => {
    const confirm = vi.fn(
      async ({
        input,
      }: {
        input: { shareId: number; payment: { card_number: string; second_step?: 'complete' | 'fail' } };
      }): Promise<Share> =>
        input.payment.second_step === undefined
          ? share({ payment: { provider: 'demo', next_step: 'authenticate' } })
          : share({ status: 'failed', payment: { provider: 'demo', decline_code: 'authentication_failed' } }),
    );
    const { actor, step } = start({ confirmDemo: fromPromise(confirm) });
    actor.send({ type: 'pay.start', share: REST, online: true });
    await waitFor(actor, (snapshot) => snapshot.matches('card'));
    actor.send({ type: 'pay.card', cardNumber: '4000002500003155' });
    await waitFor(actor, (snapshot) => snapshot.matches('secondStep'));
    actor.send({ type: 'pay.secondStep', answer: 'fail' });
    await waitFor(actor, (snapshot) => snapshot.matches('declined'));
    expect(step()).toBe('declined');
    expect(confirm.mock.calls.map(([{ input }]) => input.payment)).toEqual([
      { card_number: '4000002500003155' },
      { card_number: '4000002500003155', second_step: 'fail' },
    ]);
  });

  it('the same share asked again after a lost answer repeats its Idempotency-Key; another share gets a new one', async () => {
    const keys: string[] = [];
    let fail = true;
    const createShare = fromPromise<Share, { share: NewShare; idempotencyKey: string }>(async ({ input }) => {
      keys.push(input.idempotencyKey);
      if (fail) throw { kind: 'offline' } satisfies PaymentFailure;
      return share();
    });
    const { actor } = start({ createShare });
    actor.send({ type: 'pay.start', share: REST, online: true });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'offline' });
    actor.send({ type: 'pay.again' });
    fail = false;
    actor.send({ type: 'pay.start', share: REST, online: true });
    await waitFor(actor, (snapshot) => snapshot.matches('card'));
    actor.send({ type: 'pay.again' });
    actor.send({ type: 'pay.start', share: REST, online: true });
    await waitFor(actor, (snapshot) => snapshot.matches('card'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('a refusal keeps the provider’s words; a Stripe share waits for the provider’s verified word', async () => {
    const refused = start({
      createShare: fromPromise<Share, { share: NewShare; idempotencyKey: string }>(async () => {
        throw { kind: 'refused', code: 'already_paid', message: 'Nothing is left to pay.' } satisfies PaymentFailure;
      }),
    });
    refused.actor.send({ type: 'pay.start', share: REST, online: true });
    await waitFor(refused.actor, (snapshot) => snapshot.matches('failed'));
    expect(refused.actor.getSnapshot().context.failure).toMatchObject({ message: 'Nothing is left to pay.' });

    const stripeShare = share({
      payment: { provider: 'stripe', client_secret: 'pi_1_secret_2', publishable_key: 'pk' },
    });
    const awaitSettled = vi.fn(async () => share({ status: 'paid' }));
    const { actor, keepReceipt } = start({
      createShare: fromPromise(async () => stripeShare),
      awaitSettled: fromPromise(awaitSettled),
    });
    actor.send({ type: 'pay.start', share: REST, online: true });
    await waitFor(actor, (snapshot) => snapshot.matches('stripe'));
    actor.send({ type: 'pay.stripeFailed', message: 'Your card was declined.' });
    expect(actor.getSnapshot().context.providerMessage).toBe('Your card was declined.');
    actor.send({ type: 'pay.stripeSubmitted' });
    await waitFor(actor, (snapshot) => snapshot.matches('paid'));
    expect(awaitSettled).toHaveBeenCalledOnce();
    expect(keepReceipt).toHaveBeenCalledOnce();
  });
});
