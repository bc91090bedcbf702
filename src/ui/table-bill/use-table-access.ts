// How this phone may speak for its table: the seating's key a QR scan joined, or a v1.1 provider's printed table key.
import type { TableAccess } from '../../api/calls';
import { tableKeyFor } from '../../device/device-table';
import { useSeatingState } from '../../device/table-seating';

export function useTableAccess(tableId: number | null): TableAccess | undefined {
  const seating = useSeatingState(tableId);
  const tableKey = tableId === null ? undefined : tableKeyFor(tableId);
  return seating?.status === 'joined'
    ? { seatingKey: seating.seating_key }
    : seating?.status === 'unsupported' && tableKey !== undefined
      ? { tableKey }
      : undefined;
}
