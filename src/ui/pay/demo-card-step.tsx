// The demo provider's payment step (contract v1.2): a test card number, as card networks' test cards behave, and the
// second step a card may ask for. No account and no real money: the restaurant's demo payment.
import { useId, useState, type FormEvent } from 'react';
import { DEMO_CARDS, type Share } from '../../../contract/bill';
import { formatMoney } from '../format';
import { t } from '../i18n/i18n';

export function DemoCardStep({
  share,
  refused = null,
  onCard,
}: {
  share: Share;
  /** The number the demo provider refused (not one of its test cards), given back with the reason. */
  refused?: string | null;
  onCard(cardNumber: string): void;
}) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const [cardNumber, setCardNumber] = useState(refused ?? '');
  const [problem, setProblem] = useState<'format' | 'notATestCard' | null>(refused === null ? null : 'notATestCard');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = cardNumber.replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(digits)) {
      setProblem('format');
      return;
    }
    onCard(digits);
  };
  return (
    <form className="pay-card" onSubmit={submit} noValidate data-testid="demo-card">
      {/* The step's focus (pay-screen.tsx): its heading, or back from a refusal, the number to mend. */}
      <h2 className="pay__subtitle" tabIndex={-1} data-step-focus={refused === null ? '' : undefined}>
        {t('pay.card.title', { amount: formatMoney(share.total) })}
      </h2>
      <ShareAmounts share={share} />
      <div className="pay-choose__field">
        <label htmlFor={inputId}>{t('pay.card.number')}</label>
        <input
          data-step-focus={refused === null ? undefined : ''}
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          // A card number reads left to right in every language: in Arabic its groups would otherwise be reversed.
          dir="ltr"
          value={cardNumber}
          aria-describedby={problem === null ? hintId : `${problemId} ${hintId}`}
          aria-invalid={problem !== null || undefined}
          onChange={(event) => {
            setProblem(null);
            setCardNumber(event.target.value);
          }}
        />
      </div>
      <p id={hintId} className="pay-choose__note">
        {t('pay.card.testCards', {
          approve: cardNumberText(DEMO_CARDS.approve),
          decline: cardNumberText(DEMO_CARDS.decline),
          second: cardNumberText(DEMO_CARDS.authenticate),
        })}
      </p>
      {problem !== null && (
        <p id={problemId} className="pay-choose__problem" role="alert">
          {problem === 'format' ? t('pay.card.invalid') : t('pay.card.notATestCard')}
        </p>
      )}
      <button type="submit" className="button button--primary" data-testid="pay-now">
        {t('pay.card.pay', { amount: formatMoney(share.total) })}
      </button>
    </form>
  );
}

export function SecondStep({ share, onAnswer }: { share: Share; onAnswer(answer: 'complete' | 'fail'): void }) {
  return (
    <section className="pay-card" aria-labelledby="pay-second-step" data-testid="second-step">
      <h2 id="pay-second-step" className="pay__subtitle" tabIndex={-1} data-step-focus="">
        {t('pay.secondStep.title')}
      </h2>
      <p>{t('pay.secondStep.text', { amount: formatMoney(share.total) })}</p>
      <div className="pay-card__actions">
        <button type="button" className="button button--secondary" onClick={() => onAnswer('fail')}>
          {t('pay.secondStep.fail')}
        </button>
        <button type="button" className="button button--primary" onClick={() => onAnswer('complete')}>
          {t('pay.secondStep.complete')}
        </button>
      </div>
    </section>
  );
}

/**
 * A card number in groups of four, isolated left to right (U+2066 … U+2069) inside any sentence: in a right-to-left
 * one its groups would otherwise be laid out in reverse ("0002 0000 0000 4000").
 */
export const cardNumberText = (digits: string) => `\u2066${digits.replace(/(\d{4})(?=\d)/g, '$1 ')}\u2069`;

/** The share's amount, tip and total, as the provider made it. */
export function ShareAmounts({ share }: { share: Share }) {
  return (
    <dl className="bill-figures">
      <div className="bill-figures__row">
        <dt>{t('pay.share.amount')}</dt>
        <dd>{formatMoney(share.amount)}</dd>
      </div>
      {share.tip > 0 && (
        <div className="bill-figures__row">
          <dt>{t('pay.share.tip')}</dt>
          <dd>{formatMoney(share.tip)}</dd>
        </div>
      )}
      <div className="bill-figures__row bill-figures__row--total">
        <dt>{t('pay.share.total')}</dt>
        <dd data-testid="share-total">{formatMoney(share.total)}</dd>
      </div>
    </dl>
  );
}
