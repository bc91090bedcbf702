// React access to the table machine, with the selectors the UI reads (its effects are injected in guest-root.ts).
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { tableMachine } from './table.machine';

export const TableMachineContext = createActorContext(tableMachine);

export const selectTableId = (snapshot: SnapshotFrom<typeof tableMachine>) => snapshot.context.tableId;

/** True while a scan is joining its table's seating. */
export const selectJoiningSeating = (snapshot: SnapshotFrom<typeof tableMachine>) => !snapshot.matches('idle');

/** The last scan's key opened another table than its link named: the guest is told which table they are at. */
export const selectTableCorrection = (snapshot: SnapshotFrom<typeof tableMachine>) => snapshot.context.corrected;

/** The last scan's key was refused: the guest is told the table's code has changed. */
export const selectKeyRefused = (snapshot: SnapshotFrom<typeof tableMachine>) => snapshot.context.refused;
