// Asks which table the guest is at when the device doesn't know yet, or knows a table the floor plan doesn't have; says
// what a table's QR link did (an unknown table, a filled cart moved to another table, a key that opened another
// table than the link named, or one the provider refused).
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { tablesQuery } from '../../api/queries';
import {
  selectKeyRefused,
  selectTableCorrection,
  selectTableId,
  TableMachineContext,
} from '../../machines/table.context';
import { lazyScreen } from '../lazy-screen';
import { CorrectionNotice } from '../table/correction-notice';
import { useTableName } from '../table/current-table';
import { DeferredTablePicker } from '../table/deferred-table-picker';
import { describeMove, type TableLinkNotice } from '../table/use-table-link';
import { t } from '../i18n/i18n';

const KeyRefusedNotice = lazyScreen(() => import('../table/key-refused-notice'), 'KeyRefusedNotice');

/** After choosing, the prompt is gone; the header's table control shows the choice, so focus goes there. */
const headerTableControl = () => document.querySelector<HTMLElement>('[data-testid="current-table"]');

interface TablePromptProps {
  /** The table of a QR link still being checked against the floor plan: the guest is never asked for it. */
  linking?: number;
  notice?: TableLinkNotice | null;
  onNoticeDone?: () => void;
}

export function TablePrompt({ linking, notice = null, onNoticeDone }: TablePromptProps) {
  const tableId = TableMachineContext.useSelector(selectTableId);
  const corrected = TableMachineContext.useSelector(selectTableCorrection);
  const refused = TableMachineContext.useSelector(selectKeyRefused);
  // The header asks for the floor plan as soon as a table is known; this shares its answer.
  const tables = useQuery({ ...tablesQuery(), enabled: tableId !== null });
  const [picking, setPicking] = useState(false);
  const linkedUnknown = notice?.kind === 'unknown' ? notice.tableId : null;

  // A QR link to a table the floor plan does not have: the picker opens at once (set while rendering, React's way to
  // follow a prop without an extra pass).
  const [seenUnknown, setSeenUnknown] = useState<number | null>(null);
  if (linkedUnknown !== seenUnknown) {
    setSeenUnknown(linkedUnknown);
    if (linkedUnknown !== null) setPicking(true);
  }

  const unknownId =
    linkedUnknown ??
    (tableId !== null && tables.data !== undefined && !tables.data.some((table) => table.id === tableId)
      ? tableId
      : null);
  const closePicker = () => {
    setPicking(false);
    if (linkedUnknown !== null) onNoticeDone?.();
  };

  if (corrected !== null) return <KeyOpenedNotice {...corrected} />;
  if (refused)
    return (
      <Suspense fallback={null}>
        <KeyRefusedNotice />
      </Suspense>
    );
  if (notice?.kind === 'moved') {
    return (
      <div className="table-prompt" data-testid="table-moved">
        <p className="table-prompt__text">{describeMove(notice)}</p>
        <button type="button" className="button button--secondary table-prompt__button" onClick={onNoticeDone}>
          {t('common.ok')}
        </button>
      </div>
    );
  }
  if (tableId !== null && unknownId === null && !picking) return null;
  // A slow phone still waiting for the floor plan: the header already shows the link's table, and nothing is put above
  // the dishes only to be taken away when the plan arrives (the menu would jump under the guest's first taps).
  if (linking !== undefined && linkedUnknown === null && !picking) return null;

  return (
    <div className="table-prompt">
      {unknownId !== null ? (
        <p className="table-prompt__text">{t('tablePrompt.unknown', { id: unknownId })}</p>
      ) : tableId === null ? (
        <p className="table-prompt__text">{t('tablePrompt.which')}</p>
      ) : null}
      {(tableId === null || unknownId !== null) && (
        <button
          type="button"
          className="button button--secondary table-prompt__button"
          onClick={() => setPicking(true)}
        >
          {t('tablePrompt.pick')}
        </button>
      )}
      {picking && (
        <Suspense fallback={null}>
          <DeferredTablePicker onClose={closePicker} returnFocusTo={headerTableControl} />
        </Suspense>
      )}
    </div>
  );
}

/** The scanned key opened another table than the link's number: the guest learns which table the phone orders for. */
function KeyOpenedNotice({ linked, opened }: { linked: number; opened: number }) {
  const linkedName = useTableName(linked);
  const openedName = useTableName(opened);
  return (
    <CorrectionNotice
      text={t('tablePrompt.keyOpened', { opened: openedName, linked: linkedName })}
      testId="table-key-opened"
    />
  );
}
