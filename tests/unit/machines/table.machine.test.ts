// The table machine: every transition from its graph replayed on the real machine, remembering the table on the device.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { tableMachine, type TableEvent } from '../../../src/machines/table.machine';
import { describePath, getTransitionPaths, walkPath } from '../../support/walk-path';

describe('table machine, model-based', () => {
  // The model leaves storage out; the real machine must then show the same table and have remembered it.
  const model = tableMachine.provide({ actions: { loadTable: () => {}, saveTable: () => {} } });
  const events: TableEvent[] = [
    { type: 'table.choose', tableId: 3 },
    { type: 'table.choose', tableId: 7 },
    { type: 'table.forget' },
    { type: 'table.storageChanged' },
  ];
  const paths = getTransitionPaths(model, {
    events,
    serializeState: (snapshot) => JSON.stringify(snapshot.context.tableId),
  });

  it('covers no table, each table, and every way between them', () => {
    expect(new Set(paths.map((path) => path.state.context.tableId))).toEqual(new Set([null, 3, 7]));
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      const actor = createActor(tableMachine).start();
      await walkPath(path, {
        perform: (event) => actor.send(event),
        verify: (modelState) => {
          expect(actor.getSnapshot().context.tableId).toBe(modelState.context.tableId);
          expect(localStorage.getItem('table_id')).toBe(
            modelState.context.tableId === null ? null : String(modelState.context.tableId),
          );
        },
      });
      actor.stop();
    });
  }
});

describe('table machine on the device', () => {
  it('starts from the remembered table and ignores a malformed one', () => {
    localStorage.setItem('table_id', '5');
    expect(createActor(tableMachine).start().getSnapshot().context.tableId).toBe(5);
    localStorage.setItem('table_id', 'window seat');
    expect(createActor(tableMachine).start().getSnapshot().context.tableId).toBeNull();
  });

  it('follows a table chosen in another tab', () => {
    const actor = createActor(tableMachine).start();
    localStorage.setItem('table_id', '9');
    window.dispatchEvent(new StorageEvent('storage', { key: 'table_id' }));
    expect(actor.getSnapshot().context.tableId).toBe(9);
    actor.stop();
  });
});
