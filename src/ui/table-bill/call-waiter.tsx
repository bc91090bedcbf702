// "Call the waiter" in the menu's header, one tap away for a guest who scanned the table's code; a guest who picked the
// table by hand is told why they cannot call from the phone, rather than looking for a button that is not there. A
// provider without table services (v1) gets neither.
import { useId, useState } from 'react';
import { tableKeyFor } from '../../device/device-table';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { t } from '../i18n/i18n';
import { RequestButton } from './service-requests';
import { useTableServices } from './use-table-access';
import './table-bill.css';

export function CallWaiter() {
  const tableId = TableMachineContext.useSelector(selectTableId);
  const services = useTableServices(tableId);
  if (tableId === null) return null;
  if (services.kind === 'open')
    return (
      <div className="call-waiter">
        <RequestButton kind="waiter" tableId={tableId} access={services.access} open={undefined} billUpdatedAt={0} />
      </div>
    );
  // Scanned, still joining the seating: the button comes with the key.
  if (tableKeyFor(tableId) !== undefined || services.kind === 'none') return null;
  return <CannotCall codeChanged={services.codeChanged} />;
}

function CannotCall({ codeChanged }: { codeChanged: boolean }) {
  const [told, setTold] = useState(false);
  const whyId = useId();
  return (
    <div className="call-waiter">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={told}
        aria-controls={whyId}
        onClick={() => setTold((shown) => !shown)}
      >
        {t('request.waiter.button')}
      </button>
      <p id={whyId} className="service-requests__state call-waiter__why" role="status">
        {told ? t(codeChanged ? 'table.codeChanged' : 'request.waiter.needsScan') : ''}
      </p>
    </div>
  );
}
