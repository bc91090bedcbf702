// Clearing a table (contract v1.2 "Tables that last"): ends its seating and keeps its printed key, after a confirmation
// when orders are still open there; a seating that still owes money is cleared by a manager only, with a reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { StaffTable } from '../../../contract/staff';
import { clearTable } from '../../api/staff-calls';
import { staffKeys } from '../../api/staff-queries';
import { ConfirmDialog } from './confirm-dialog';
import { useSessionEndedOn } from './staff-session-provider';

type Clearing = { id: number; name: string; reason?: string };

/** What the console says, on screen, once a table is cleared. */
export const clearedText = (name: string) => `${name} is cleared for the next guests. Its QR code stays the same.`;

/**
 * `onSent` runs when the clear is sent (at once, or once confirmed), `onCleared` with the words to show once it is
 * done; render `confirmation` where the button is.
 */
export function useClearTable({ onSent, onCleared }: { onSent?(): void; onCleared?(text: string): void } = {}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ table: Clearing; openOrders: number } | null>(null);
  const mutation = useMutation({
    mutationFn: (table: Clearing) => clearTable(table.id, table.reason),
    onSuccess: (cleared) => {
      queryClient.setQueryData<StaffTable[]>(staffKeys.tables, (list) =>
        list?.map((table) => (table.id === cleared.id ? { ...table, ...cleared } : table)),
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.requests });
      void queryClient.invalidateQueries({ queryKey: staffKeys.floor });
      void queryClient.invalidateQueries({ queryKey: staffKeys.bills });
      onCleared?.(clearedText(cleared.name));
    },
  });
  useSessionEndedOn(mutation.error);

  const send = (table: Clearing) => {
    mutation.mutate(table);
    onSent?.();
  };
  /** Asks first, in the console's dialog, when the table still has open orders. */
  const clear = (table: Clearing, openOrders: number) => {
    if (openOrders > 0) setAsking({ table, openOrders });
    else send(table);
  };

  const confirmation: ReactNode = asking && (
    <ConfirmDialog
      title={`Clear ${asking.table.name}?`}
      confirmLabel="Clear it anyway"
      cancelLabel="Keep it seated"
      testId="confirm-clear-table"
      onClose={() => setAsking(null)}
      onConfirm={() => {
        setAsking(null);
        send(asking.table);
      }}
    >
      {asking.table.name} still has {asking.openOrders === 1 ? 'an open order' : `${asking.openOrders} open orders`}.
      The orders stay on the board; the guests’ phones stop showing them the table’s bill.
    </ConfirmDialog>
  );
  return { clear, mutation, confirmation };
}
