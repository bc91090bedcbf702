// Stripe's Payment Element for a share (contract v1.2): loaded only when a guest pays through Stripe, never on the
// menu's path. Stripe takes the card; the share is paid only on Stripe's verified word to the restaurant (its webhook).
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import type { Share } from '../../../contract/bill';
import { currentLanguage } from '../../device/language';
import { formatMoney } from '../format';
import { t } from '../i18n/i18n';
import { ShareAmounts } from './demo-card-step';

// One Stripe.js per publishable key for the page's life, as Stripe recommends.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeStepProps {
  share: Share;
  /** Stripe's own words about a card it did not take. */
  message: string | null;
  onSubmitted(): void;
  onFailed(message: string): void;
}

export default function StripeStep({ share, message, onSubmitted, onFailed }: StripeStepProps) {
  const { client_secret: clientSecret, publishable_key: publishableKey } = share.payment;
  if (!clientSecret || !publishableKey) return <p role="alert">{t('pay.failed.unknown')}</p>;
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, locale: currentLanguage() as StripeElementLocale }}
    >
      <StripeForm share={share} message={message} onSubmitted={onSubmitted} onFailed={onFailed} />
    </Elements>
  );
}

function StripeForm({ share, message, onSubmitted, onFailed }: StripeStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    // Cards confirm here; a payment method that redirects comes back to this share's address.
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/pay?share=${share.id}` },
    });
    setBusy(false);
    if (result.error) onFailed(result.error.message ?? t('pay.declined.card'));
    else onSubmitted();
  };
  return (
    <form className="pay-card" onSubmit={(event) => void submit(event)} data-testid="stripe-card">
      <h2 className="pay__subtitle">{t('pay.card.title', { amount: formatMoney(share.total) })}</h2>
      <ShareAmounts share={share} />
      <PaymentElement />
      {message && (
        <p className="pay-choose__problem" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={!stripe || busy}>
        {t('pay.card.pay', { amount: formatMoney(share.total) })}
      </button>
    </form>
  );
}
