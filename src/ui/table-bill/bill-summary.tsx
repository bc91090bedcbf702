// The seating's bill on the Table page (contract v1.2): subtotal, tax, service charge, tips, paid and what is left,
// with the way to pay. A provider without the bill (v1.1) shows nothing here.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { billQuery } from '../../api/bill-queries';
import { SHARE_HOLD_MINUTES, type Bill, type Share } from '../../../contract/bill';
import { ownOpenShare } from '../../device/open-shares';
import { cancelOwnShare, type CancelOutcome } from '../../machines/share-cancel';
import { formatMoney } from '../format';
import { t } from '../i18n/i18n';
import './bill-figures.css';

export function BillSummary({ seatingKey }: { seatingKey: string; tableId: number }) {
  const bill = useQuery(billQuery(seatingKey));
  if (!bill.data) return null;
  return (
    <section className="bill-summary" aria-labelledby="bill-summary-title" data-testid="bill-summary">
      <h2 id="bill-summary-title" className="table-bill__subtitle">
        {t('pay.summary.title')}
      </h2>
      <BillFigures bill={bill.data} />
      <PaymentInProgress shares={bill.data.shares} seatingKey={seatingKey} />
      {bill.data.balance > 0 && bill.data.pay_at_table === false ? (
        <p className="bill-summary__counter" data-testid="pay-at-counter">
          {t('pay.atCounter')}
        </p>
      ) : bill.data.balance > 0 ? (
        <Link to="/pay" className="button button--primary" data-testid="pay-link">
          {t('pay.summary.pay', { amount: formatMoney(bill.data.balance) })}
        </Link>
      ) : bill.data.total > 0 ? (
        <p className="bill-summary__paid" role="status" data-testid="bill-paid">
          {t('pay.summary.paidInFull')}
        </p>
      ) : null}
    </section>
  );
}

/** The bill's figures as a definition list: each label with its amount. */
export function BillFigures({ bill }: { bill: Bill }) {
  const rows: [string, number, string?][] = [
    [t('pay.figures.subtotal'), bill.subtotal],
    ...(bill.tax > 0
      ? [[bill.tax_included ? t('pay.figures.taxIncluded') : t('pay.figures.tax'), bill.tax] as [string, number]]
      : []),
    ...(bill.service_charge > 0 ? [[t('pay.figures.service'), bill.service_charge] as [string, number]] : []),
    ...(bill.tips > 0 ? [[t('pay.figures.tips'), bill.tips] as [string, number]] : []),
    [t('pay.figures.total'), bill.total, 'total'],
    ...(bill.paid !== 0 ? [[t('pay.figures.paid'), bill.paid] as [string, number]] : []),
    [t('pay.figures.balance'), bill.balance, 'balance'],
  ];
  return (
    <dl className="bill-figures">
      {rows.map(([label, amount, testId]) => (
        <div key={label} className={`bill-figures__row${testId ? ` bill-figures__row--${testId}` : ''}`}>
          <dt>{label}</dt>
          <dd data-testid={testId ? `bill-${testId}` : undefined}>{formatMoney(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A payment this phone started and left (Back from the card step, a closed tab's reload) still holds what it pays for:
 * the way back to it, how long it holds, and a way to let it go at once. Once cancelled, what happened is said where
 * it was, and the focus (which was on its button) moves there.
 */
export function PaymentInProgress({ shares, seatingKey }: { shares: readonly Share[]; seatingKey: string }) {
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [outcome, setOutcome] = useState<{ id: number; kind: CancelOutcome['kind'] | 'failed' } | null>(null);
  const share = ownOpenShare(shares);
  if (!share || (share.id === outcome?.id && outcome.kind !== 'failed')) {
    return outcome && outcome.kind !== 'failed' ? <CancelNotice paid={outcome.kind === 'paid'} /> : null;
  }
  const cancel = () => {
    setCancelling(true);
    cancelOwnShare({ seatingKey, queryClient }, share.id).then(
      (done) => {
        setOutcome({ id: share.id, kind: done.kind });
        setCancelling(false);
      },
      () => {
        setOutcome({ id: share.id, kind: 'failed' });
        setCancelling(false);
      },
    );
  };
  return (
    <div className="payment-in-progress" data-testid="payment-in-progress">
      <p>
        {t('pay.inProgress', { amount: formatMoney(share.total) })}{' '}
        {t('pay.inProgress.held', { minutes: SHARE_HOLD_MINUTES })}
      </p>
      {outcome?.kind === 'failed' && <p role="alert">{t('pay.cancel.failed')}</p>}
      <div className="payment-in-progress__actions">
        <Link to="/pay" search={{ share: share.id }} className="button button--primary">
          {t('pay.inProgress.continue')}
        </Link>
        <CancelPaymentButton busy={cancelling} onCancel={cancel} />
      </div>
    </div>
  );
}

/** "Cancel this payment": a real button, kept focusable while its call is on its way (aria-disabled, not disabled). */
export function CancelPaymentButton({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-disabled={busy || undefined}
      onClick={() => !busy && onCancel()}
      data-testid="cancel-payment"
    >
      {busy ? t('pay.cancel.working') : t('pay.cancel')}
    </button>
  );
}

/** What a cancel did, said as a status and given the focus: the button the guest pressed is gone. */
export function CancelNotice({ paid = false }: { paid?: boolean }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <p ref={notice} className="payment-cancelled" role="status" tabIndex={-1} data-testid="payment-cancelled">
      {paid ? t('pay.cancel.paid') : t('pay.cancel.done')}
    </p>
  );
}
