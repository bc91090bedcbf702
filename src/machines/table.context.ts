// React access to the table machine, with the selector the UI reads.
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { tableMachine } from './table.machine';

export const TableMachineContext = createActorContext(tableMachine);

export const selectTableId = (snapshot: SnapshotFrom<typeof tableMachine>) => snapshot.context.tableId;
