// This device's place in its table's seating (contract v1.2, localStorage.table_seating): the seating key a QR scan
// joined, that the provider has no seatings (a v1.1 provider) or no table sessions at all (v1), or that the seating
// has ended since.
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { idSchema } from '../../contract/guest';
import { deviceStore } from './device-store';
import { keptTableAccess, readTableId } from './device-table';

export const TABLE_SEATING_KEY = 'table_seating';

// Its own small shape (not the contract's bill module): the api layer reads it on every order, on the menu's path.
const seatingStateSchema = z.union([
  z.object({
    table_id: idSchema,
    status: z.literal('joined'),
    seating_id: idSchema,
    seating_key: z.string().check(z.minLength(16)),
    started_at: z.string(),
  }),
  z.object({ table_id: idSchema, status: z.literal('unsupported') }),
  // Neither a seating nor the table's orders open with the key: a v1 provider, which has no table services.
  z.object({ table_id: idSchema, status: z.literal('none') }),
  // A provider with seatings refused the scanned key: not the table's current one (a manager made a new key).
  z.object({ table_id: idSchema, status: z.literal('refused') }),
  z.object({ table_id: idSchema, status: z.literal('ended'), seating_id: idSchema }),
]);

export type SeatingState = z.output<typeof seatingStateSchema>;

export const tableSeatingStore = deviceStore(TABLE_SEATING_KEY, seatingStateSchema, {
  storage: 'local',
  // Not fatal: the guest scans the table's code again to see its bill.
  writeFailure: 'Could not remember the table’s bill on this device',
});

// The storage event reaches only the other tabs: this tab's screens hear of its own changes from here (a scan joined
// while the menu's header waited for its key).
const thisTab = new Set<() => void>();
const changed = () => thisTab.forEach((listener) => listener());

/** What this device holds for this table's seating; nothing for another table, or before any scan. */
export function seatingStateFor(tableId: number | null): SeatingState | undefined {
  if (tableId === null) return undefined;
  const read = tableSeatingStore.read();
  return read.status === 'ok' && read.value.table_id === tableId ? read.value : undefined;
}

/** How long after a scan its join is made again on the next start, when the page was left before the join answered. */
const INTERRUPTED_SCAN_MS = 2 * 60_000;

/**
 * The scan of this table whose join never answered (the page was reloaded, or another address typed over it, before
 * the answer came), if it was made in the last two minutes and nothing of a seating of this table is kept. Later, the
 * printed key is not used to join on its own: the seating it would join may be the next party's.
 */
export function interruptedScan(tableId: number | null): { tableId: number; key: string } | null {
  if (tableId === null || seatingStateFor(tableId)) return null;
  const kept = keptTableAccess(tableId);
  const at = kept?.scanned_at;
  return kept && at !== undefined && Date.now() - at < INTERRUPTED_SCAN_MS ? { tableId, key: kept.key } : null;
}

/** The seating key to send for this table, while its seating is open as far as this device knows. */
export function seatingKeyFor(tableId: number): string | undefined {
  const state = seatingStateFor(tableId);
  return state?.status === 'joined' ? state.seating_key : undefined;
}

/** The seating key of the table this device orders for, if a scan joined its seating. */
export function currentSeatingKey(): string | undefined {
  const tableId = readTableId();
  return tableId === null ? undefined : seatingKeyFor(tableId);
}

export function saveSeatingState(state: SeatingState): void {
  tableSeatingStore.write(state);
  changed();
}

/** The provider said the seating ended (`seating_ended`): its key is dropped; only a new scan joins the next one. */
export function markSeatingEnded(tableId: number): void {
  const state = seatingStateFor(tableId);
  if (state?.status === 'joined') {
    tableSeatingStore.write({ table_id: tableId, status: 'ended', seating_id: state.seating_id });
    changed();
  }
}

/** Another table chosen without a scan: what this device held for the old table no longer applies. */
export function forgetSeatingUnlessFor(tableId: number | null): void {
  const read = tableSeatingStore.read();
  if (read.status !== 'missing' && (read.status !== 'ok' || read.value.table_id !== tableId)) {
    tableSeatingStore.remove();
    changed();
  }
}

export function useSeatingState(tableId: number | null): SeatingState | undefined {
  const raw = useSyncExternalStore(
    (onChange) => {
      thisTab.add(onChange);
      const stopWatching = tableSeatingStore.watch(onChange);
      return () => {
        thisTab.delete(onChange);
        stopWatching();
      };
    },
    () => {
      const read = tableSeatingStore.read();
      return read.status === 'ok' ? read.raw : '';
    },
    () => '',
  );
  // `raw` keys the snapshot: the same stored text gives the same state.
  return raw === '' ? undefined : seatingStateFor(tableId);
}
