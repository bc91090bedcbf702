// The guest's table, remembered on this device under localStorage.table_id, and the key from its QR code
// (localStorage.table_key, with the table it opens) for providers that ask for one.
import * as z from 'zod/mini';
import { idSchema } from '../../contract/guest';
import { deviceStore } from './device-store';

export const TABLE_KEY = 'table_id';

// Stored as the plain number's text ("7"), as the spec has it.
const tableIdSchema = z
  .pipe(z.string(), z.transform(Number))
  .check(z.refine((value) => Number.isInteger(value) && value > 0, 'not a table number'));

export const tableStore = deviceStore(TABLE_KEY, tableIdSchema, {
  storage: 'local',
  format: 'text',
  // Not fatal: the table still holds for this visit, it just will not be remembered.
  writeFailure: 'Could not remember the table on this device',
});

export function readTableId(): number | null {
  const read = tableStore.read();
  return read.status === 'ok' ? read.value : null;
}

export function saveTableId(tableId: number | null): void {
  if (tableId === null) tableStore.remove();
  else tableStore.write(tableId);
}

export const TABLE_ACCESS_KEY = 'table_key';

export const tableAccessStore = deviceStore(
  TABLE_ACCESS_KEY,
  // `scanned_at` (ms): when the code was scanned, so a join the page left before its answer can be made again soon after.
  z.object({ table_id: idSchema, key: z.string().check(z.minLength(1)), scanned_at: z.optional(z.number()) }),
  {
    storage: 'local',
    // Not fatal: a provider that requires the key will say so, and the guest can scan the code again.
    writeFailure: 'Could not remember the table key on this device',
  },
);

/** Keeps the QR code's key with its table; a table chosen without a key keeps the key only if it is the same table. */
export function saveTableAccess(tableId: number | null, key: string | undefined): void {
  if (key !== undefined && tableId !== null) {
    tableAccessStore.write({ table_id: tableId, key, scanned_at: Date.now() });
    return;
  }
  const stored = tableAccessStore.read();
  if (stored.status !== 'missing' && (stored.status !== 'ok' || stored.value.table_id !== tableId)) {
    tableAccessStore.remove();
  }
}

/** What is kept of this table's QR code (its key, and when it was scanned); nothing for another table's. */
export function keptTableAccess(tableId: number): { key: string; scanned_at?: number | undefined } | undefined {
  const stored = tableAccessStore.read();
  return stored.status === 'ok' && stored.value.table_id === tableId ? stored.value : undefined;
}

/** The key from the QR code of this table, if the guest arrived by one; a key for another table is not sent. */
export const tableKeyFor = (tableId: number): string | undefined => keptTableAccess(tableId)?.key;
