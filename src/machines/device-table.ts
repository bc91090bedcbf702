// The guest's table, remembered on this device under localStorage.table_id, and the key from its QR code
// (localStorage.table_key, with the table it opens) for providers that ask for one.
import { TABLE_ACCESS_KEY } from '../api/device-keys';

export const TABLE_KEY = 'table_id';

export function readTableId(): number | null {
  try {
    const value = Number(localStorage.getItem(TABLE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function saveTableId(tableId: number | null): void {
  try {
    if (tableId === null) localStorage.removeItem(TABLE_KEY);
    else localStorage.setItem(TABLE_KEY, String(tableId));
  } catch (error) {
    // Not fatal: the table still holds for this visit, it just will not be remembered.
    console.error('Could not remember the table on this device', error);
  }
}

/** Keeps the QR code's key with its table; a table chosen without a key keeps the key only if it is the same table. */
export function saveTableAccess(tableId: number | null, key: string | undefined): void {
  try {
    if (key !== undefined && tableId !== null) {
      localStorage.setItem(TABLE_ACCESS_KEY, JSON.stringify({ table_id: tableId, key }));
      return;
    }
    const stored = JSON.parse(localStorage.getItem(TABLE_ACCESS_KEY) ?? 'null') as { table_id?: unknown } | null;
    if (stored !== null && stored.table_id !== tableId) localStorage.removeItem(TABLE_ACCESS_KEY);
  } catch (error) {
    // Not fatal: a provider that requires the key will say so, and the guest can scan the code again.
    console.error('Could not remember the table key on this device', error);
  }
}
