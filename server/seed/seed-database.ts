// Seeds the demo restaurant: one transaction, and rows that already exist are left as they are.
import type { Database, Queryable } from '../db/database';
import { priceToCents, toCents } from '../orders/order-rules';
import type { DemoRestaurant } from './demo-restaurant';
import { demoTranslationRows } from './demo-translations';

export interface SeedCounts {
  categories: number;
  subCategories: number;
  menuItems: number;
  tables: number;
  optionGroups: number;
  choices: number;
}

// One statement per table: the rows travel as a single JSON parameter, so seeding thousands of extra items
// is one round trip and the SQL stays parameterised.
async function insertRows(tx: Queryable, sql: string, rows: readonly object[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx.query(sql, [JSON.stringify(rows)]);
  return inserted.length;
}

export async function seedDatabase(db: Database, data: DemoRestaurant): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    const categories = await insertRows(
      tx,
      `INSERT INTO categories (id, name, description, image, sort, station)
       SELECT id, name, description, image, sort, station
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, name text, description text, image text, sort int, station text)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      data.categories.map((category) => ({ ...category, station: data.stations?.categories?.[category.id] ?? null })),
    );
    const subCategories = await insertRows(
      tx,
      `INSERT INTO sub_categories (id, category_id, name, image, sort)
       SELECT id, category_id, name, image, sort
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, category_id int, name text, image text, sort int)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      data.subCategories,
    );
    const menuItems = await insertRows(
      tx,
      `INSERT INTO menu_items (id, sub_category_id, name, description, price_cents, price_label, image, available, tags, prep_minutes, sort, station)
       SELECT id, sub_cat_id, name, description, price_cents, price_label, image, available, tags, prep_minutes, sort, station
       FROM jsonb_to_recordset($1::jsonb) AS r(
         id int, sub_cat_id int, name text, description text, price_cents int, price_label text,
         image text, available boolean, tags text[], prep_minutes int, sort int, station text)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      data.menuItems.map((item, index) => ({
        ...item,
        price_cents: priceToCents(item.price),
        // A price the restaurant wrote as text is answered exactly as written.
        price_label: typeof item.price === 'string' ? item.price : null,
        sort: index,
        station: data.stations?.dishes?.[item.id] ?? null,
      })),
    );
    const tables = await insertRows(
      tx,
      `INSERT INTO dining_tables (id, name, seats, status)
       SELECT id, name, seats, status
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, name text, seats int, status text)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      data.tables,
    );
    // Options and allergens came after the first demo databases: they are added to a database seeded before, once.
    const groups = data.menuItems.flatMap((item) =>
      (item.options ?? []).map((group, index) => ({ ...group, menu_id: item.id, sort: index })),
    );
    const optionGroups = await insertRows(
      tx,
      `INSERT INTO option_groups (id, menu_id, name, min, max, sort)
       SELECT r.id, r.menu_id, r.name, r.min, r.max, r.sort
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, menu_id int, name text, min int, max int, sort int)
       WHERE EXISTS (SELECT 1 FROM menu_items m WHERE m.id = r.menu_id)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      groups,
    );
    const choices = await insertRows(
      tx,
      `INSERT INTO option_choices (id, group_id, name, price_cents, available, allergens, sort)
       SELECT r.id, r.group_id, r.name, r.price_cents, r.available, r.allergens, r.sort
       FROM jsonb_to_recordset($1::jsonb) AS r(
         id int, group_id int, name text, price_cents int, available boolean, allergens text[], sort int)
       WHERE EXISTS (SELECT 1 FROM option_groups g WHERE g.id = r.group_id)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      groups.flatMap((group) =>
        group.choices.map((choice, index) => ({
          id: choice.id,
          group_id: group.id,
          name: choice.name,
          price_cents: toCents(choice.price),
          available: choice.available,
          allergens: choice.allergens ?? null,
          sort: index,
        })),
      ),
    );
    // Only where nothing is declared yet: a declaration, once made, is the restaurant's to change.
    await tx.query(
      `UPDATE menu_items m SET allergens = r.allergens
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, allergens text[])
       WHERE m.id = r.id AND m.allergens IS NULL AND r.allergens IS NOT NULL`,
      [JSON.stringify(data.menuItems.map((item) => ({ id: item.id, allergens: item.allergens ?? null })))],
    );
    // Translations came later still: added to older databases too, for the rows they have, once.
    await tx.query(
      `INSERT INTO translations (kind, id, language, name, description)
       SELECT r.kind, r.id, r.language, r.name, r.description
       FROM jsonb_to_recordset($1::jsonb) AS r(kind text, id int, language text, name text, description text)
       ON CONFLICT (kind, id, language) DO NOTHING`,
      [JSON.stringify(demoTranslationRows(data))],
    );
    return { categories, subCategories, menuItems, tables, optionGroups, choices };
  });
}
