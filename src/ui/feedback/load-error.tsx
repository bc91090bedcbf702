// A failed load, said in plain words, with a way to try again.
import { referenceOf } from '../../api/errors';
import { describeApiError } from './error-text';
import { ErrorReference } from './error-reference';
import { t } from '../i18n/i18n';

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__title">{title}</p>
      <p className="load-error__reason">{describeApiError(error)}</p>
      <ErrorReference id={referenceOf(error)} />
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
