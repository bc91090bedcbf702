// Clearing a table (contract v1.1 "Table sessions"): ends its seating and gives it a new key, after a confirmation
// when orders are still open there, since its guests' QR code then stops showing them the bill.
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
    mutationFn: (table: { id: number; name: string }) => clearTable(table.id),
    onSuccess: (cleared) => {
      queryClient.setQueryData<StaffTable[]>(staffKeys.tables, (list) =>
        list?.map((table) => (table.id === cleared.id ? cleared : table)),
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.requests });
      announce(`${cleared.name} is cleared for the next guests. Its QR code has a new key.`);
    },
  });
  useSessionEndedOn(mutation.error);

  /** Asks first when the table still has open orders; answers whether the clear was sent. */
  const clear = (table: { id: number; name: string }, openOrders: number): boolean => {
    if (
      openOrders > 0 &&
      !window.confirm(
        `${table.name} still has ${openOrders === 1 ? 'an open order' : `${openOrders} open orders`}. Clear it anyway? ` +
          'The orders stay on the board; the guests’ QR code stops showing them the table’s bill.',
      )
    ) {
      return false;
    }
    mutation.mutate(table);
    return true;
  };
  return { clear, mutation };
}
