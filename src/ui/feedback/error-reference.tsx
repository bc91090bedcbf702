// The provider's id for a request that failed on its side, for the guest to quote: staff find it in the provider's log.
import { t } from '../i18n/i18n';

export function ErrorReference({ id }: { id: string | undefined }) {
  if (id === undefined) return null;
  return (
    <p className="error-reference" data-testid="error-reference">
      {t('error.reference', { id })}
    </p>
  );
}
