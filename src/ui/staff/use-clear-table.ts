// Clearing a table (contract v1.2 "Tables that last"): ends its seating and keeps its printed key, after a confirmation
// when orders are still open there; a seating that still owes money is cleared by a manager only, with a reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffTable } from '../../../contract/staff';
import { clearTable } from '../../api/staff-calls';
import { staffKeys } from '../../api/staff-queries';
import { useAnnounce } from '../feedback/live-announcer';
import { useSessionEndedOn } from './staff-session-provider';

export function useClearTable() {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const mutation = useMutation({
    mutationFn: (table: { id: number; name: string; reason?: string }) => clearTable(table.id, table.reason),
    onSuccess: (cleared) => {
      queryClient.setQueryData<StaffTable[]>(staffKeys.tables, (list) =>
        list?.map((table) => (table.id === cleared.id ? { ...table, ...cleared } : table)),
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.requests });
      void queryClient.invalidateQueries({ queryKey: staffKeys.floor });
      void queryClient.invalidateQueries({ queryKey: staffKeys.bills });
      announce(`${cleared.name} is cleared for the next guests. Its QR code stays the same.`);
    },
  });
  useSessionEndedOn(mutation.error);

  /** Asks first when the table still has open orders; answers whether the clear was sent. */
  const clear = (table: { id: number; name: string; reason?: string }, openOrders: number): boolean => {
    if (
      openOrders > 0 &&
      !window.confirm(
        `${table.name} still has ${openOrders === 1 ? 'an open order' : `${openOrders} open orders`}. Clear it anyway? ` +
          'The orders stay on the board; the guests’ phones stop showing them the table’s bill.',
      )
    ) {
      return false;
    }
    mutation.mutate(table);
    return true;
  };
  return { clear, mutation };
}
