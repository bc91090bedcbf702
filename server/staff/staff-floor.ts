// Dishes' availability and prep time (the tables and the floor are server/tables/table-editor.ts).
import type { MenuItem } from '../../contract/guest';
import { listMenu } from '../catalog/catalog-store';
import type { Database } from '../db/database';
import { recordEvent } from '../live/event-store';
import { dishNotFound } from './staff-errors';

export interface DishPatch {
  available?: boolean;
  prep_minutes?: number;
}

export async function updateDish(db: Database, id: number, patch: DishPatch): Promise<MenuItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number; available: boolean; prep_minutes: number }>(
      `UPDATE menu_items
       SET available = COALESCE($2, available), prep_minutes = COALESCE($3, prep_minutes)
       WHERE id = $1 RETURNING id, available, prep_minutes`,
      [id, patch.available ?? null, patch.prep_minutes ?? null],
    );
    if (!row) throw dishNotFound(id);
    await recordEvent(tx, {
      type: 'menu',
      payload: { menu_id: row.id, available: row.available, prep_minutes: row.prep_minutes },
    });
    const [item] = await listMenu(tx, { kind: 'item', id });
    if (!item) throw dishNotFound(id);
    return item;
  });
}
