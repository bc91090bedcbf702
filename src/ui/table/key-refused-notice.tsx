// The scanned code's key was refused (a manager made a new one): the guest is told once, above the dishes, in a chunk
// of its own, as it shows only after a scan went wrong.
import { TableMachineContext } from '../../machines/table.context';
import { t } from '../i18n/i18n';

export function KeyRefusedNotice() {
  const table = TableMachineContext.useActorRef();
  return (
    <div className="table-prompt" data-testid="table-key-refused">
      <p className="table-prompt__text" role="status">
        {t('table.codeChanged')}
      </p>
      <button
        type="button"
        className="button button--secondary table-prompt__button"
        onClick={() => table.send({ type: 'table.correctionSeen' })}
      >
        {t('common.ok')}
      </button>
    </div>
  );
}
