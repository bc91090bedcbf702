// The table machine: every transition from its graph replayed on the real machine, remembering the table on the device.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tableMachine, type JoinResult, type TableEvent } from '../../../src/machines/table.machine';
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

describe('a scan whose join the page left before its answer', () => {
  const JOINED: JoinResult = {
    table_id: 5,
    status: 'joined',
    seating_id: 1,
    seating_key: 'seating-key-0123456789',
    started_at: '2026-11-30T19:00:00.000Z',
  };
  /** The machine as the app provides it, with the joins it was asked for. */
  function start() {
    const joins: { tableId: number; key: string }[] = [];
    const machine = tableMachine.provide({
      actors: {
        joinSeating: fromPromise<JoinResult, { tableId: number; key: string }>(async ({ input }) => {
          joins.push(input);
          return JOINED;
        }),
      },
    });
    return { actor: createActor(machine).start(), joins };
  }
  const scanned = (agoMs: number) => {
    localStorage.setItem('table_id', '5');
    localStorage.setItem(
      'table_key',
      JSON.stringify({ table_id: 5, key: 'printed-key-5', scanned_at: Date.now() - agoMs }),
    );
  };

  it('is joined again on the next start within two minutes, and its seating kept', async () => {
    scanned(30_000);
    const { actor, joins } = start();
    expect(actor.getSnapshot().value).toBe('joining');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(joins).toEqual([{ tableId: 5, key: 'printed-key-5' }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(JSON.parse(localStorage.getItem('table_seating') ?? '{}')).toMatchObject({ status: 'joined', table_id: 5 });
    actor.stop();
    // Kept, it is not joined again.
    const again = start();
    expect(again.actor.getSnapshot().value).toBe('idle');
    expect(again.joins).toEqual([]);
  });

  it('is not joined on its own later: the printed key may open the next party’s seating', () => {
    scanned(3 * 60_000);
    const { actor, joins } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(joins).toEqual([]);
  });

  it('is not joined when the key was kept without a scan time (picked, or kept by an older app)', () => {
    localStorage.setItem('table_id', '5');
    localStorage.setItem('table_key', JSON.stringify({ table_id: 5, key: 'printed-key-5' }));
    const { actor, joins } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(joins).toEqual([]);
  });

  it('records when a code was scanned, with its key', () => {
    const before = Date.now();
    const actor = createActor(
      tableMachine.provide({ actors: { joinSeating: fromPromise(() => new Promise<JoinResult>(() => undefined)) } }),
    ).start();
    actor.send({ type: 'table.choose', tableId: 6, key: 'printed-key-6' });
    const kept = JSON.parse(localStorage.getItem('table_key') ?? '{}') as { key: string; scanned_at: number };
    expect(kept.key).toBe('printed-key-6');
    expect(kept.scanned_at).toBeGreaterThanOrEqual(before);
    actor.stop();
  });
});
