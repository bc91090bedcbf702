// The payment machine: a guest pays a share of the table's bill (contract v1.2), through the demo provider's test cards
// or Stripe's Payment Element, and keeps a receipt. Never queued: offline, it says so and takes nothing.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DemoPayment, NewShare, Share } from '../../contract/bill';
import { randomId } from '../device/random-id';

/** Why a payment did not go through, in the terms the screen explains. */
export type PaymentFailure =
  | { kind: 'offline' }
  /** The provider refused the share (409 already paid, 422 over the balance…): its own words. */
  | { kind: 'refused'; code: string | undefined; message: string; fields?: Readonly<Record<string, string>> }
  /** The seating ended (the table was cleared): scan again. */
  | { kind: 'seatingEnded' }
  | { kind: 'unknown' };

export interface PaymentContext {
  share: Share | null;
  /** The last share asked for and its Idempotency-Key: asking again for the same share repeats the key, so a lost
   * answer never makes a second share. */
  attempt: { body: string; key: string } | null;
  failure: PaymentFailure | null;
  /** The card the demo step was given, sent again with its second step. */
  cardNumber: string;
  /** Stripe's own words about a card it did not take (the guest may try another in the same element). */
  providerMessage: string | null;
  /** The guest cancelled the share they were paying: back to choosing, told so. */
  cancelled: boolean;
  /** The demo provider refused the card number (not one of its test cards): the share is still open to pay. */
  cardRefused: boolean;
}

export type PaymentEvent =
  | { type: 'pay.start'; share: NewShare; online: boolean }
  /** Opens an existing share (the payment step's address, a reload, Stripe's return). */
  | { type: 'pay.resume'; share: Share }
  | { type: 'pay.card'; cardNumber: string }
  | { type: 'pay.secondStep'; answer: 'complete' | 'fail' }
  | { type: 'pay.stripeSubmitted' }
  | { type: 'pay.stripeFailed'; message: string }
  /** The guest changed their mind before paying: the share is cancelled and frees what it holds. */
  | { type: 'pay.cancel' }
  | { type: 'pay.again' };

/** Routes a share to the step it is at. */
const atStep = [
  { guard: 'isPaid', target: 'paid' },
  { guard: 'isClosed', target: 'declined' },
  { guard: 'asksSecondStep', target: 'secondStep' },
  { guard: 'isDemo', target: 'card' },
  { guard: 'isStripe', target: 'stripe' },
  { target: 'failed', actions: 'unknownProvider' },
] as const;

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  actors: {
    /** POST table/bill/shares, with an Idempotency-Key kept for this share's retries; rejects with a PaymentFailure. */
    createShare: fromPromise<Share, { share: NewShare; idempotencyKey: string }>(async () => {
      throw { kind: 'unknown' } satisfies PaymentFailure;
    }),
    /** POST payments/demo/{share_id}. */
    confirmDemo: fromPromise<Share, { shareId: number; payment: DemoPayment }>(async () => {
      throw { kind: 'unknown' } satisfies PaymentFailure;
    }),
    /** Reads the bill until the payment provider's verified word has settled the share (Stripe's webhook). */
    awaitSettled: fromPromise<Share, { shareId: number }>(async () => {
      throw { kind: 'unknown' } satisfies PaymentFailure;
    }),
    /** DELETE table/bill/shares/{share_id}: the share as it now is, cancelled or (paid meanwhile) paid. */
    cancelShare: fromPromise<Share, { shareId: number }>(async () => {
      throw { kind: 'unknown' } satisfies PaymentFailure;
    }),
  },
  actions: {
    setShare: assign({
      share: (_, params: { share: Share }) => params.share,
      providerMessage: null,
      cardRefused: false,
    }),
    noteCardRefused: assign({ cardRefused: true }),
    setFailure: assign({ failure: (_, params: { failure: unknown }) => failureOf(params.failure) }),
    goneOffline: assign({ failure: { kind: 'offline' } satisfies PaymentFailure }),
    unknownProvider: assign({ failure: { kind: 'unknown' } satisfies PaymentFailure }),
    rememberCard: assign({
      cardNumber: ({ context, event }) => (event.type === 'pay.card' ? event.cardNumber : context.cardNumber),
    }),
    setProviderMessage: assign({
      providerMessage: ({ event }) => (event.type === 'pay.stripeFailed' ? event.message : null),
    }),
    reset: assign({
      share: null,
      failure: null,
      cardNumber: '',
      providerMessage: null,
      cancelled: false,
      cardRefused: false,
    }),
    noteCancelled: assign({ cancelled: true }),
    prepareAttempt: assign({
      attempt: ({ context, event }) => {
        if (event.type !== 'pay.start') return context.attempt;
        const body = JSON.stringify(event.share);
        return context.attempt?.body === body ? context.attempt : { body, key: randomId() };
      },
    }),
    /** A share made: the next one asked for is another share, with a key of its own. */
    forgetAttempt: assign({ attempt: null }),
    /** Keeps the receipt on the device (provided by the app). */
    keepReceipt: (_, _params: { share: Share }) => undefined,
  },
  guards: {
    isPaid: ({ context }) => context.share?.status === 'paid',
    isClosed: ({ context }) =>
      context.share?.status === 'failed' ||
      context.share?.status === 'expired' ||
      context.share?.status === 'cancelled',
    wentThrough: ({ event }) => 'output' in event && (event.output as Share).status === 'paid',
    asksSecondStep: ({ context }) =>
      context.share?.status === 'open' && context.share.payment.next_step === 'authenticate',
    isDemo: ({ context }) => context.share?.payment.provider === 'demo',
    isStripe: ({ context }) =>
      context.share?.payment.provider === 'stripe' && context.share.payment.client_secret !== undefined,
    isOffline: ({ event }) => event.type === 'pay.start' && !event.online,
    /** The provider refused the card number itself: nothing was tried, the share still holds, another number may do. */
    cardNumberRefused: ({ event }) => {
      if (!('error' in event)) return false;
      const failure = failureOf(event.error);
      return failure.kind === 'refused' && failure.fields?.card_number !== undefined;
    },
  },
}).createMachine({
  id: 'payment',
  description: 'One share of the table’s bill, from choosing it to its receipt.',
  context: {
    share: null,
    attempt: null,
    failure: null,
    cardNumber: '',
    providerMessage: null,
    cancelled: false,
    cardRefused: false,
  },
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The guest chooses what to pay (their dishes, equal parts or an amount) and a tip.',
      on: {
        'pay.start': [
          { guard: 'isOffline', target: 'offline', actions: 'goneOffline' },
          { target: 'creating', actions: ['reset', 'prepareAttempt'] },
        ],
        'pay.resume': {
          target: 'routing',
          actions: [{ type: 'reset' }, { type: 'setShare', params: ({ event }) => ({ share: event.share }) }],
        },
      },
    },
    creating: {
      description: 'The share is asked for: it holds its lines and amount for 10 minutes once made.',
      invoke: {
        src: 'createShare',
        input: ({ context }) => ({
          share: JSON.parse(context.attempt?.body ?? '{}') as NewShare,
          idempotencyKey: context.attempt?.key ?? '',
        }),
        onDone: {
          target: 'routing',
          actions: [{ type: 'setShare', params: ({ event }) => ({ share: event.output }) }, 'forgetAttempt'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error }) },
        },
      },
    },
    routing: {
      description: 'Goes to the step the share is at.',
      always: [...atStep],
    },
    card: {
      description: 'The demo provider’s payment step: a test card number.',
      on: { 'pay.card': { target: 'confirming', actions: 'rememberCard' }, 'pay.cancel': 'cancelling' },
    },
    secondStep: {
      description: 'The card asked for a second step (as 3-D Secure does): the guest completes it or fails it.',
      on: { 'pay.secondStep': 'confirming', 'pay.cancel': 'cancelling' },
    },
    confirming: {
      description: 'The demo provider takes the card (and the second step’s answer).',
      invoke: {
        src: 'confirmDemo',
        input: ({ context, event }) => ({
          shareId: context.share?.id ?? 0,
          payment: {
            card_number: context.cardNumber,
            ...(event.type === 'pay.secondStep' ? { second_step: event.answer } : {}),
          },
        }),
        onDone: { target: 'routing', actions: { type: 'setShare', params: ({ event }) => ({ share: event.output }) } },
        onError: [
          { guard: 'cardNumberRefused', target: 'card', actions: 'noteCardRefused' },
          {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error }) },
          },
        ],
      },
    },
    stripe: {
      description: 'Stripe’s Payment Element takes the card; a card it refuses can be changed there.',
      on: {
        'pay.stripeSubmitted': 'awaitingProvider',
        'pay.stripeFailed': { actions: 'setProviderMessage' },
        'pay.cancel': 'cancelling',
      },
    },
    cancelling: {
      description:
        'The share is cancelled (at the payment provider first): its lines are free again; paid meanwhile, it stays paid.',
      invoke: {
        src: 'cancelShare',
        input: ({ context }) => ({ shareId: context.share?.id ?? 0 }),
        onDone: [
          {
            guard: 'wentThrough',
            target: 'routing',
            actions: { type: 'setShare', params: ({ event }) => ({ share: event.output }) },
          },
          { target: 'choosing', actions: ['reset', 'noteCancelled'] },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error }) },
        },
      },
    },
    awaitingProvider: {
      description: 'Stripe took the payment; the share is paid once Stripe’s verified word reaches the restaurant.',
      invoke: {
        src: 'awaitSettled',
        input: ({ context }) => ({ shareId: context.share?.id ?? 0 }),
        onDone: { target: 'routing', actions: { type: 'setShare', params: ({ event }) => ({ share: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error }) },
        },
      },
    },
    paid: {
      description: 'Paid: the receipt shows, and is kept on the device.',
      entry: { type: 'keepReceipt', params: ({ context }) => ({ share: context.share as Share }) },
      on: { 'pay.again': { target: 'choosing', actions: 'reset' } },
    },
    declined: {
      description: 'The card was declined, its second step failed, or the share expired: nothing was taken.',
      on: { 'pay.again': { target: 'choosing', actions: 'reset' } },
    },
    failed: {
      description: 'The share could not be made or paid (refused, the table cleared, or the restaurant out of reach).',
      on: {
        'pay.again': { target: 'choosing', actions: 'reset' },
        // "Continue paying" the phone's own open share, offered beside the refusal.
        'pay.resume': {
          target: 'routing',
          actions: [{ type: 'reset' }, { type: 'setShare', params: ({ event }) => ({ share: event.share }) }],
        },
      },
    },
    offline: {
      description: 'Offline: nothing is queued. Pay when back online, or at the counter.',
      on: {
        'pay.again': { target: 'choosing', actions: 'reset' },
        'pay.start': [
          { guard: 'isOffline', actions: 'goneOffline' },
          { target: 'creating', actions: ['reset', 'prepareAttempt'] },
        ],
      },
    },
  },
});

/** What a rejection means, whatever threw it. */
function failureOf(error: unknown): PaymentFailure {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const kind = (error as { kind: unknown }).kind;
    if (kind === 'offline' || kind === 'seatingEnded' || kind === 'unknown') return { kind };
    if (kind === 'refused') return error as PaymentFailure;
  }
  return { kind: 'unknown' };
}

type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export type PaymentStep =
  'choosing' | 'working' | 'card' | 'secondStep' | 'stripe' | 'paid' | 'declined' | 'failed' | 'offline';

/** Which screen of the payment shows. */
export function selectPaymentStep(snapshot: PaymentSnapshot): PaymentStep {
  if (snapshot.matches('creating') || snapshot.matches('confirming') || snapshot.matches('routing')) return 'working';
  if (snapshot.matches('awaitingProvider') || snapshot.matches('cancelling')) return 'working';
  return snapshot.value as PaymentStep;
}

export const selectShare = (snapshot: PaymentSnapshot) => snapshot.context.share;
export const selectPaymentFailure = (snapshot: PaymentSnapshot) => snapshot.context.failure;
export const selectCancelled = (snapshot: PaymentSnapshot) => snapshot.context.cancelled;
export const selectProviderMessage = (snapshot: PaymentSnapshot) => snapshot.context.providerMessage;
/** The card number the demo provider refused, to give back to the guest with the reason; null when none was. */
export const selectRefusedCard = (snapshot: PaymentSnapshot) =>
  snapshot.context.cardRefused ? snapshot.context.cardNumber : null;
