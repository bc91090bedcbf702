// How this phone may speak for its table: the seating's key a QR scan joined, or a v1.1 provider's printed table key;
// and, without either, whether the table's services exist to be told about at all.
import { useQuery } from '@tanstack/react-query';
import type { TableAccess } from '../../api/order-calls';
import { restaurantQuery } from '../../api/queries';
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

/**
 * What the table's services (its bill, the waiter and bill requests) are to this phone: `open` with its key; `scan`
 * when the provider's table codes would open them (one with a profile, v1.2: the guest is told to scan, or, when the
 * code they scanned was refused, that it has changed); `none` when
 * the provider has none (v1: a scanned key opened nothing) or cannot be told from one that has (no profile, v1 or
 * v1.1), so that nothing points the guest to a service the restaurant may not have.
 */
export type TableServices =
  { kind: 'open'; access: TableAccess } | { kind: 'scan'; codeChanged: boolean } | { kind: 'none' };

export function useTableServices(tableId: number | null): TableServices {
  const access = useTableAccess(tableId);
  const seating = useSeatingState(tableId);
  const profile = useQuery(restaurantQuery()).data;
  if (tableId === null || seating?.status === 'none') return { kind: 'none' };
  if (access !== undefined) return { kind: 'open', access };
  return profile ? { kind: 'scan', codeChanged: seating?.status === 'refused' } : { kind: 'none' };
}
