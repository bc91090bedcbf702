// The scanned code's key was refused (a manager made a new one): the guest is told once, above the dishes, in a chunk
// of its own, as it shows only after a scan went wrong.
import { t } from '../i18n/i18n';
import { CorrectionNotice } from './correction-notice';

export function KeyRefusedNotice() {
  return <CorrectionNotice text={t('table.codeChanged')} testId="table-key-refused" />;
}
