// The table machine: which table this device orders for, chosen in the picker or by a table's QR link, remembered on
// the device; a QR scan also joins the table's seating (contract v1.2), whose key keeps this party's bill its own.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { readTableId, saveTableAccess, saveTableId, tableAccessStore, tableStore } from '../device/device-table';
import { forgetSeatingUnlessFor, interruptedScan, saveSeatingState, type SeatingState } from '../device/table-seating';

export interface TableContext {
  tableId: number | null;
  /** The scan whose seating is being joined: its table and printed key. */
  scan: { tableId: number; key: string } | null;
  /** The last scan's key opened another table than its link named: this device follows the key. */
  corrected: { linked: number; opened: number } | null;
  /** The last scan's key was refused (not the table's current one): the guest is told once. */
  refused: boolean;
}

export type TableEvent =
  /** `key`: the table key of the QR code the guest scanned, when it carried one. */
  | { type: 'table.choose'; tableId: number; key?: string }
  | { type: 'table.forget' }
  | { type: 'table.storageChanged' }
  /** The guest has read that the scanned key opened another table than the link named, or was refused. */
  | { type: 'table.correctionSeen' }
  /** The browser is online again: a scan's join that could not reach the provider is tried again. */
  | { type: 'table.online' };

/**
 * What joining answered: this phone's key to the seating and the table the key opened, that the provider has no
 * seatings (a v1.1 provider), or none of the table's services either (v1), or that the key is not the table's current one.
 */
export type JoinResult = Extract<SeatingState, { status: 'joined' | 'unsupported' | 'none' | 'refused' }>;

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
    /** The browser's word on the network (provided by the app; none by default). */
    watchNetwork: fromCallback<TableEvent>(() => () => undefined),
    /** POST table/seating with the scanned key; provided by the app. Rejects when the provider cannot be reached. */
    joinSeating: fromPromise<JoinResult, { tableId: number; key: string }>(async () => {
      throw new Error('joinSeating is not provided');
    }),
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
    /** A table chosen without a scan keeps what the device held only for that same table. */
    keepSeatingOfTable: ({ context }) => forgetSeatingUnlessFor(context.tableId),
    rememberScan: assign({
      scan: ({ event }) =>
        event.type === 'table.choose' && event.key !== undefined ? { tableId: event.tableId, key: event.key } : null,
    }),
    saveSeating: (_, params: { result: JoinResult }) => saveSeatingState(params.result),
    /** The printed key opens one table: a link naming another (a hand-edited link, a misprinted code) is corrected. */
    followJoinedTable: assign({
      tableId: (_, params: { result: JoinResult }) => params.result.table_id,
      corrected: ({ context }, params: { result: JoinResult }) => ({
        linked: context.scan?.tableId ?? params.result.table_id,
        opened: params.result.table_id,
      }),
    }),
    saveScanAccess: ({ context }) => {
      if (context.scan) saveTableAccess(context.tableId, context.scan.key);
    },
    forgetCorrection: assign({ corrected: null, refused: false }),
    tellRefused: assign({ refused: true }),
    /** A refused key opens nothing and is not sent again: the table stays chosen, as if picked by hand. */
    forgetScanKey: () => tableAccessStore.remove(),
    reportJoinFailure: (_, params: { error: unknown }) => {
      console.warn('Could not join the table’s seating yet; trying again when the network is back.', params.error);
    },
  },
  guards: {
    isScan: ({ event }) => event.type === 'table.choose' && event.key !== undefined,
    hasScan: ({ context }) => context.scan !== null,
    refused: (_, params: { result: JoinResult }) => params.result.status === 'refused',
    openedAnotherTable: ({ context }, params: { result: JoinResult }) =>
      context.scan !== null && params.result.table_id !== context.scan.tableId,
  },
}).createMachine({
  id: 'table',
  description: 'The table this device orders for; orders cannot be placed without one.',
  context: () => {
    const tableId = readTableId();
    return { tableId, scan: interruptedScan(tableId), corrected: null, refused: false };
  },
  invoke: [{ src: 'watchStorage' }, { src: 'watchNetwork' }],
  on: {
    'table.choose': [
      {
        guard: 'isScan',
        target: '.joining',
        actions: ['chooseTable', 'saveTable', 'saveTableAccess', 'rememberScan', 'forgetCorrection'],
      },
      {
        target: '.idle',
        actions: ['chooseTable', 'saveTable', 'saveTableAccess', 'keepSeatingOfTable', 'forgetCorrection'],
      },
    ],
    'table.forget': {
      target: '.idle',
      actions: ['forgetTable', 'saveTable', 'saveTableAccess', 'keepSeatingOfTable', 'forgetCorrection'],
    },
    'table.correctionSeen': { actions: 'forgetCorrection' },
    'table.storageChanged': { actions: 'loadTable' },
  },
  initial: 'starting',
  states: {
    starting: {
      description:
        'The device’s table is read. A scan of it whose join never answered (the page was left before the answer came), made in the last two minutes, is joined again; otherwise nothing is.',
      always: [{ guard: 'hasScan', target: 'joining' }, { target: 'idle' }],
    },
    idle: {
      description:
        'No join under way. A kept table key is not used to join on its own (beyond a scan’s first two minutes, above): the printed key lasts from party to party, and the seating it would join may be the next party’s.',
    },
    joining: {
      description:
        'A QR scan is joining its table’s seating (POST table/seating); the answer is kept on the device, and the table the key opened becomes this device’s table when the link named another.',
      invoke: {
        src: 'joinSeating',
        input: ({ context }) => context.scan ?? { tableId: 0, key: '' },
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'saveSeating', params: ({ event }) => ({ result: event.output }) },
              'forgetScanKey',
              'tellRefused',
            ],
          },
          {
            guard: { type: 'openedAnotherTable', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'saveSeating', params: ({ event }) => ({ result: event.output }) },
              { type: 'followJoinedTable', params: ({ event }) => ({ result: event.output }) },
              'saveTable',
              'saveScanAccess',
            ],
          },
          {
            target: 'idle',
            actions: { type: 'saveSeating', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: {
          target: 'waitingForNetwork',
          actions: { type: 'reportJoinFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waitingForNetwork: {
      description: 'This scan’s join could not reach the provider: it is tried again when the network is back.',
      on: { 'table.online': 'joining' },
    },
  },
});
