// A word to the guest about the table their scan chose (another table than the link's, or a refused code), said once:
// OK tells the table machine it has been read.
import { TableMachineContext } from '../../machines/table.context';
import { t } from '../i18n/i18n';

export function CorrectionNotice({ text, testId }: { text: string; testId: string }) {
  const table = TableMachineContext.useActorRef();
  return (
    <div className="table-prompt" data-testid={testId}>
      <p className="table-prompt__text" role="status">
        {text}
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
