// The guest's table, remembered on this device under localStorage.table_id.
import { z } from 'zod';
import { deviceStore } from './device-store';

export const TABLE_KEY = 'table_id';

// Stored as the plain number's text ("7"), as the spec has it.
const tableIdSchema = z
  .string()
  .transform(Number)
  .refine((value) => Number.isInteger(value) && value > 0, 'not a table number');

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
