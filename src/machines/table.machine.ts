// The table machine: which table this device orders for, chosen in the picker or by a table's QR link, remembered on the device.
import { assign, fromCallback, setup } from 'xstate';
import { readTableId, saveTableAccess, saveTableId, tableStore } from '../device/device-table';

export interface TableContext {
  tableId: number | null;
}

export type TableEvent =
  /** `key`: the table key of the QR code the guest scanned, when it carried one. */
  { type: 'table.choose'; tableId: number; key?: string } | { type: 'table.forget' } | { type: 'table.storageChanged' };

export const tableMachine = setup({
  types: {
    context: {} as TableContext,
    events: {} as TableEvent,
  },
  actors: {
    /** Another tab chose a table. */
    watchStorage: fromCallback<TableEvent>(({ sendBack }) =>
      tableStore.watch(() => sendBack({ type: 'table.storageChanged' })),
    ),
  },
  actions: {
    loadTable: assign({ tableId: () => readTableId() }),
    chooseTable: assign({
      tableId: ({ context, event }) => (event.type === 'table.choose' ? event.tableId : context.tableId),
    }),
    forgetTable: assign({ tableId: null }),
    saveTable: ({ context }) => saveTableId(context.tableId),
    saveTableAccess: ({ context, event }) =>
      saveTableAccess(context.tableId, event.type === 'table.choose' ? event.key : undefined),
  },
}).createMachine({
  id: 'table',
  description: 'The table this device orders for; orders cannot be placed without one.',
  context: () => ({ tableId: readTableId() }),
  invoke: { src: 'watchStorage' },
  on: {
    'table.choose': { actions: ['chooseTable', 'saveTable', 'saveTableAccess'] },
    'table.forget': { actions: ['forgetTable', 'saveTable', 'saveTableAccess'] },
    'table.storageChanged': { actions: 'loadTable' },
  },
});
