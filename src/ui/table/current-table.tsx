// The header's table control: which table this device orders for, and the way to change it.
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Suspense, useRef, useState } from 'react';
import { tablesQuery } from '../../api/queries';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { DeferredTablePicker } from './deferred-table-picker';
import { Trans } from '@lingui/react';
import { t } from '../i18n/i18n';

/** The table's name from the floor plan, or a plain "Table 7" while the plan is not loaded. */
export function useTableName(tableId: number | null): string | null {
  const tables = useQuery({ ...tablesQuery(), enabled: tableId !== null });
  if (tableId === null) return null;
  return tables.data?.find((table) => table.id === tableId)?.name ?? t('table.name', { id: tableId });
}

export function CurrentTable() {
  const chosen = TableMachineContext.useSelector(selectTableId);
  // A QR link's table (`/?table=7`) shows while the floor plan confirms it: the guest sees the table they scanned, not
  // an offer to choose one, and the menu has no notice above its dishes that would go away under their first taps.
  const linking = useSearch({ strict: false, select: (search) => search.table });
  const tableId = chosen ?? linking ?? null;
  const name = useTableName(tableId);
  const [picking, setPicking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <div className="current-table">
      <button
        ref={button}
        type="button"
        className="current-table__button"
        data-testid="current-table"
        onClick={() => setPicking(true)}
      >
        {name ?? (
          <>
            {/* "your" gives way on narrow phones, where the header has room for two words only. */}
            <Trans id="table.choose" components={{ 0: <span className="current-table__optional" /> }} />
          </>
        )}
        {name !== null && <span className="visually-hidden">{t('table.change')}</span>}
      </button>
      {picking && (
        <Suspense fallback={null}>
          <DeferredTablePicker onClose={() => setPicking(false)} returnFocusTo={() => button.current} />
        </Suspense>
      )}
    </div>
  );
}
