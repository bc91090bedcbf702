// A receipt on the phone: what this guest paid, kept on the device (receipts.ts) after the table is cleared.
import { Link } from '@tanstack/react-router';
import { withDishNames } from '../../api/menu-names';
import type { Receipt } from '../../device/receipts';
import { formatDateTime, formatMoney } from '../format';
import { t } from '../i18n/i18n';
import { useDishNames } from '../i18n/use-dish-names';

export function ReceiptView({ receipt, onPayAgain }: { receipt: Receipt; onPayAgain?: (() => void) | undefined }) {
  const paidAt = new Date(receipt.paid_at);
  const names = useDishNames(receipt.lines.flatMap((line) => line.menu_id ?? []));
  return (
    <section className="receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <h2 id="receipt-title" className="pay__subtitle" tabIndex={-1} data-step-focus="">
        {t('pay.receipt.title')}
      </h2>
      <p className="receipt__where">
        {receipt.restaurant} · {receipt.table_name} ·{' '}
        <time dateTime={receipt.paid_at}>{Number.isNaN(paidAt.getTime()) ? '' : formatDateTime(paidAt)}</time>
      </p>
      {receipt.lines.length > 0 ? (
        <ul className="receipt__lines">
          {withDishNames(receipt.lines, names).map((line, index) => (
            <li key={index}>
              {line.quantity} × {line.name}
            </li>
          ))}
        </ul>
      ) : (
        <p>{receipt.kind === 'equal' ? t('pay.receipt.part') : t('pay.receipt.amount')}</p>
      )}
      <dl className="bill-figures">
        <div className="bill-figures__row">
          <dt>{t('pay.share.amount')}</dt>
          <dd>{formatMoney(receipt.amount)}</dd>
        </div>
        <div className="bill-figures__row">
          <dt>{t('pay.share.tip')}</dt>
          <dd>{formatMoney(receipt.tip)}</dd>
        </div>
        <div className="bill-figures__row bill-figures__row--total">
          <dt>{t('pay.receipt.paid')}</dt>
          <dd data-testid="receipt-total">{formatMoney(receipt.total)}</dd>
        </div>
      </dl>
      <p className="receipt__ref">{t('pay.receipt.reference', { id: receipt.share_id })}</p>
      <div className="pay-card__actions">
        <Link to="/table" className="button button--secondary">
          {t('pay.backToTable')}
        </Link>
        {onPayAgain && (
          <button type="button" className="button button--secondary" onClick={onPayAgain}>
            {t('pay.payMore')}
          </button>
        )}
      </div>
    </section>
  );
}
