// React access to the table machine, with its effects (joining a seating, the network) and the selector the UI reads.
import { createActorContext } from '@xstate/react';
import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/errors';
import { tableMachine, type JoinResult, type TableEvent } from './table.machine';

/**
 * POST table/seating: this phone's key to the seating, or `unsupported` when the provider answers anything but a
 * seating (a v1.1 provider has no such call). Rejects only when the provider cannot be reached, to be tried again.
 * The bill's calls are loaded here, on a scan, never on the menu's path.
 */
async function joinSeating({ tableId, key }: { tableId: number; key: string }): Promise<JoinResult> {
  const { joinSeating: join } = await import('../api/bill-calls');
  try {
    const seating = await join(key);
    return { table_id: tableId, status: 'joined', ...seating };
  } catch (error) {
    if (error instanceof ApiError && (error.kind === 'fetch' || error.kind === 'timeout' || error.isTransient)) {
      throw error;
    }
    return { table_id: tableId, status: 'unsupported' };
  }
}

const watchNetwork = fromCallback<TableEvent>(({ sendBack }) => {
  const online = () => sendBack({ type: 'table.online' });
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
});

export const tableLogic = tableMachine.provide({
  actors: { joinSeating: fromPromise(({ input }) => joinSeating(input)), watchNetwork },
});

export const TableMachineContext = createActorContext(tableLogic);

export const selectTableId = (snapshot: SnapshotFrom<typeof tableMachine>) => snapshot.context.tableId;

/** True while a scan is joining its table's seating. */
export const selectJoiningSeating = (snapshot: SnapshotFrom<typeof tableMachine>) => !snapshot.matches('idle');
