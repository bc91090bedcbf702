// The guest's table, remembered on this device under localStorage.table_id.
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
