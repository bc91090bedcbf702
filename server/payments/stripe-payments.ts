// The Stripe adapter of the payment port: one PaymentIntent per share, refunds, and webhook events verified by signature.
import Stripe from 'stripe';
import type { PaymentIntentState, PaymentsPort, PaymentSecret } from './payment-port';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Where the API is: Stripe's by default; tests point it at a local server that answers as Stripe does. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

// Stripe counts these currencies in whole units, not hundredths (https://docs.stripe.com/currencies#zero-decimal).
const ZERO_DECIMAL = new Set('BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '));

/** Cents as Stripe counts the currency. */
export const toStripeAmount = (cents: number, currency: string) =>
  ZERO_DECIMAL.has(currency.toUpperCase()) ? Math.round(cents / 100) : cents;

export interface StripePayments extends PaymentsPort {
  readonly provider: 'stripe';
  /** The event, if its signature is Stripe's for this body under the webhook secret; throws otherwise. */
  verifyEvent(body: string, signature: string | undefined): Stripe.Event;
  /** The PaymentIntent as Stripe has it now: what a share's state follows, whatever the events said. */
  readIntent(id: string): Promise<PaymentIntentState>;
}

export function createStripePayments(settings: StripeSettings): StripePayments {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });
  const secretOf = (intent: Stripe.PaymentIntent): PaymentSecret | undefined =>
    intent.client_secret === null
      ? undefined
      : { client_secret: intent.client_secret, publishable_key: settings.publishableKey };

  return {
    provider: 'stripe',
    async start(share) {
      // The share's id as the idempotency key: a retry of any kind finds the same PaymentIntent, never a second one.
      const intent = await stripe.paymentIntents.create(
        {
          amount: toStripeAmount(share.totalCents, share.currency),
          currency: share.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          metadata: { share_id: String(share.id), seating_id: String(share.seatingId) },
        },
        { idempotencyKey: `share_${share.id}` },
      );
      return { ref: intent.id, secret: secretOf(intent) };
    },
    async secretFor(ref) {
      return secretOf(await stripe.paymentIntents.retrieve(ref));
    },
    async cancel(ref) {
      try {
        return { status: (await stripe.paymentIntents.cancel(ref)).status };
      } catch (error) {
        // Stripe refuses to cancel a PaymentIntent that succeeded, is processing or was canceled: its state then says
        // what happened, read again rather than guessed from the error.
        const unexpectedState =
          error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';
        if (!unexpectedState) throw error;
        return { status: (await stripe.paymentIntents.retrieve(ref)).status };
      }
    },
    async refund({ ref, amountCents, currency, key }) {
      if (ref === null) return { ref: null };
      const refund = await stripe.refunds.create(
        { payment_intent: ref, amount: toStripeAmount(amountCents, currency) },
        { idempotencyKey: key },
      );
      return { ref: refund.id };
    },
    verifyEvent(body, signature) {
      return stripe.webhooks.constructEvent(body, signature ?? '', settings.webhookSecret);
    },
    async readIntent(id) {
      const intent = await stripe.paymentIntents.retrieve(id);
      const shareId = Number(intent.metadata.share_id);
      return {
        id: intent.id,
        status: intent.status,
        amount: intent.amount,
        currency: intent.currency,
        shareId: Number.isInteger(shareId) && shareId > 0 ? shareId : undefined,
      };
    },
  };
}
