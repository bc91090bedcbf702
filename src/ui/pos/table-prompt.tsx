// Asks which table the guest is at when the device doesn't know yet, or knows a table the floor plan doesn't have.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tablesQuery } from '../../api/queries';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { TablePicker } from '../table/table-picker';

/** After choosing, the prompt is gone; the header's table control shows the choice, so focus goes there. */
const headerTableControl = () => document.querySelector<HTMLElement>('[data-testid="current-table"]');

export function TablePrompt() {
  const tableId = TableMachineContext.useSelector(selectTableId);
  // The header asks for the floor plan as soon as a table is known; this shares its answer.
  const tables = useQuery({ ...tablesQuery(), enabled: tableId !== null });
  const [picking, setPicking] = useState(false);

  const unknown = tableId !== null && tables.data !== undefined && !tables.data.some((table) => table.id === tableId);
  if (tableId !== null && !unknown && !picking) return null;

  return (
    <div className="table-prompt">
      {tableId === null ? (
        <p className="table-prompt__text">Which table are you at?</p>
      ) : unknown ? (
        <p className="table-prompt__text">
          We couldn’t find table {tableId} in the restaurant. Which table are you at?
        </p>
      ) : null}
      {(tableId === null || unknown) && (
        <button
          type="button"
          className="button button--secondary table-prompt__button"
          onClick={() => setPicking(true)}
        >
          Pick your table
        </button>
      )}
      {picking && <TablePicker onClose={() => setPicking(false)} returnFocusTo={headerTableControl} />}
    </div>
  );
}
