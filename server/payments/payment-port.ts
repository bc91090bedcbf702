// The payment port (contract v1.2): how a share is paid and a payment refunded, whatever the provider behind it.
import type Stripe from 'stripe';

export interface ShareToPay {
  id: number;
  seatingId: number;
  /** The share's amount and tip, in cents. */
  totalCents: number;
  /** ISO 4217, from the restaurant's profile. */
  currency: string;
}

/** What the phone that made the share needs to pay it (Stripe's Payment Element). */
export interface PaymentSecret {
  client_secret: string;
  publishable_key: string;
}

export interface PaymentIntentState {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amount: number;
  currency: string;
  shareId: number | undefined;
}

export interface PaymentsPort {
  readonly provider: 'demo' | 'stripe';
  /** Starts paying a share, at most once per share whatever the retries; `ref` is the provider's own id. */
  start(share: ShareToPay): Promise<{ ref: string | null; secret?: PaymentSecret }>;
  /** The secret of a share already started, for the phone that made it asking again (its Idempotency-Key). */
  secretFor(ref: string): Promise<PaymentSecret | undefined>;
  /**
   * Cancels a share's payment at the provider, so it can no longer take the money; answers the payment as the
   * provider now has it (`canceled`, or `succeeded` when it was paid first, or a state that cannot be cancelled).
   */
  cancel(ref: string): Promise<{ status: PaymentIntentState['status'] }>;
  /** Gives back part of a payment taken through this provider; `key` makes a retry refund once. */
  refund(payment: { ref: string | null; amountCents: number; currency: string; key: string }): Promise<{
    ref: string | null;
  }>;
}

/**
 * The demo provider: no account, no network. Its payment step is the provider's own (POST payments/demo/{share_id}
 * with a test card); refunds are only recorded.
 */
export const demoPayments: PaymentsPort = {
  provider: 'demo',
  start: async () => ({ ref: null }),
  secretFor: async () => undefined,
  // The demo's step is the provider's own: nothing outside it can take the money.
  cancel: async () => ({ status: 'canceled' }),
  refund: async () => ({ ref: null }),
};
