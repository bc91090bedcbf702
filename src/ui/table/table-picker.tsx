// Choosing the guest's table from the provider's floor plan; the choice is remembered on the device.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { tablesQuery } from '../../api/queries';
import type { TableStatus } from '../../../contract/guest';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { useTableServices } from '../table-bill/use-table-access';
import { Dialog } from '../dialog';
import { LoadError } from '../feedback/load-error';
import './table-picker.css';
import { t, type MessageId } from '../i18n/i18n';

const STATUS_LABEL: Record<TableStatus, MessageId> = {
  free: 'tableStatus.free',
  occupied: 'tableStatus.occupied',
  reserved: 'tableStatus.reserved',
};

interface TablePickerProps {
  onClose: () => void;
  /** Called after a table was chosen, before the picker closes. */
  onChosen?: (tableId: number) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

export function TablePicker({ onClose, onChosen, returnFocusTo }: TablePickerProps) {
  const tables = useQuery(tablesQuery());
  const tableId = TableMachineContext.useSelector(selectTableId);
  const table = TableMachineContext.useActorRef();
  const services = useTableServices(tableId);

  return (
    <Dialog labelledBy="table-picker-title" onClose={onClose} testId="table-picker" returnFocusTo={returnFocusTo}>
      <h2 id="table-picker-title" className="dialog__title" tabIndex={-1} data-autofocus>
        {t('tablePicker.title')}
      </h2>
      <p className="table-picker__hint">{t('tablePicker.hint')}</p>
      {tables.isPending ? (
        <>
          <p className="table-picker__loading" role="status">
            {t('tablePicker.loading')}
          </p>
          <ul className="table-picker__options" aria-hidden="true">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index} className="skeleton table-picker__placeholder" />
            ))}
          </ul>
        </>
      ) : tables.isError ? (
        <LoadError title={t('tablePicker.loadFailed')} error={tables.error} onRetry={() => void tables.refetch()} />
      ) : (
        <ul className="table-picker__options">
          {tables.data.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className="table-option"
                data-testid="table-option"
                aria-pressed={option.id === tableId}
                onClick={() => {
                  table.send({ type: 'table.choose', tableId: option.id });
                  onChosen?.(option.id);
                  onClose();
                }}
              >
                <span className="table-option__name">{option.name}</span>
                <span className="table-option__details">
                  {t('tablePicker.seats', { seats: option.seats, status: t(STATUS_LABEL[option.status]) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog__actions">
        {services.kind !== 'none' && (
          // Everything ordered at this table, by everyone at it (table sessions), where the provider has them.
          <Link to="/table" className="button button--secondary" data-testid="table-bill-link" onClick={onClose}>
            {t('tableBill.link')}
          </Link>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
