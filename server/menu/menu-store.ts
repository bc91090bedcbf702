// The back office's reads and writes of the menu tables, in the staff shapes of contract/menu-admin.ts.
import type { StaffCategory, StaffMenuItem, StaffOptionGroup, StaffSubCategory } from '../../contract/menu-admin';
import { fromCents, toCents } from '../../src/domain/money';
import type { Queryable } from '../db/database';
import {
  inAllergenOrder,
  joinTags,
  normaliseHours,
  normaliseTranslations,
  splitTags,
  type MenuSnapshot,
  type StaffTranslations,
} from './menu-model';

type TranslationKind = 'category' | 'sub_category' | 'menu_item' | 'option_group' | 'option_choice';

interface TranslationRow {
  kind: TranslationKind;
  id: number;
  language: string;
  name: string;
  description: string | null;
}

type TranslationIndex = Map<string, StaffTranslations>;

async function readTranslations(
  q: Queryable,
  only?: { kind: TranslationKind; ids: number[] }[],
): Promise<TranslationIndex> {
  const rows = only
    ? await q.query<TranslationRow>(
        `SELECT t.kind, t.id, t.language, t.name, t.description
         FROM translations t JOIN jsonb_to_recordset($1::jsonb) AS w(kind text, ids int[]) ON t.kind = w.kind AND t.id = ANY (w.ids)`,
        [JSON.stringify(only)],
      )
    : await q.query<TranslationRow>('SELECT kind, id, language, name, description FROM translations');
  const index: TranslationIndex = new Map();
  for (const row of rows) {
    const key = `${row.kind}:${row.id}`;
    const entry = index.get(key) ?? {};
    entry[row.language] = { name: row.name, description: row.description };
    index.set(key, entry);
  }
  return index;
}

const translationsOf = (index: TranslationIndex, kind: TranslationKind, id: number) =>
  normaliseTranslations(index.get(`${kind}:${id}`) ?? {});

type CategoryRow = Omit<StaffCategory, 'translations'>;
type SubCategoryRow = Omit<StaffSubCategory, 'translations'>;
interface ItemRow {
  id: number;
  cat_id: number;
  sub_cat_id: number;
  name: string;
  description: string;
  price_cents: number;
  image: string | null;
  available: boolean;
  tags: string[];
  prep_minutes: number;
  allergens: string[] | null;
  sort: number;
  hidden: boolean;
  hours: StaffMenuItem['hours'];
  station: string | null;
  options: {
    id: number;
    name: string;
    min: number;
    max: number;
    choices: { id: number; name: string; price_cents: number; available: boolean; allergens: string[] | null }[];
  }[];
}

const SELECT_CATEGORIES = `SELECT id, name, description, image, sort, hidden, hours, station FROM categories`;
const SELECT_SUB_CATEGORIES = `SELECT id, category_id, name, image, sort, hidden FROM sub_categories`;
const SELECT_ITEMS = `
  SELECT m.id, s.category_id AS cat_id, m.sub_category_id AS sub_cat_id, m.name, m.description, m.price_cents, m.image,
         m.available, m.tags, m.prep_minutes, m.allergens, m.sort, m.hidden, m.hours, m.station,
         coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'min', g.min, 'max', g.max, 'choices',
                    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'price_cents', c.price_cents,
                               'available', c.available, 'allergens', c.allergens) ORDER BY c.sort, c.id), '[]'::json)
                     FROM option_choices c WHERE c.group_id = g.id)) ORDER BY g.sort, g.id)
                   FROM option_groups g WHERE g.menu_id = m.id), '[]'::json) AS options
  FROM menu_items m JOIN sub_categories s ON s.id = m.sub_category_id`;

function toStaffItem(row: ItemRow, index: TranslationIndex): StaffMenuItem {
  const { diets, tags } = splitTags(row.tags);
  return {
    id: row.id,
    cat_id: row.cat_id,
    sub_cat_id: row.sub_cat_id,
    name: row.name,
    description: row.description,
    price: fromCents(row.price_cents),
    image: row.image,
    available: row.available,
    prep_minutes: row.prep_minutes,
    allergens: inAllergenOrder(row.allergens),
    diets,
    tags,
    options: row.options.map((group): StaffOptionGroup => ({
      id: group.id,
      name: group.name,
      min: group.min,
      max: group.max,
      translations: translationsOf(index, 'option_group', group.id),
      choices: group.choices.map((choice) => ({
        id: choice.id,
        name: choice.name,
        price: fromCents(choice.price_cents),
        available: choice.available,
        allergens: inAllergenOrder(choice.allergens),
        translations: translationsOf(index, 'option_choice', choice.id),
      })),
    })),
    sort: row.sort,
    hidden: row.hidden,
    hours: normaliseHours(row.hours),
    station: row.station,
    translations: translationsOf(index, 'menu_item', row.id),
  };
}

/** The whole menu, hidden entities included, in menu order. */
export async function readSnapshot(q: Queryable): Promise<MenuSnapshot> {
  const categories = await q.query<CategoryRow>(`${SELECT_CATEGORIES} ORDER BY sort, id`);
  const subCategories = await q.query<SubCategoryRow>(`${SELECT_SUB_CATEGORIES} ORDER BY sort, id`);
  const items = await q.query<ItemRow>(`${SELECT_ITEMS} ORDER BY m.sort, m.id`);
  const index = await readTranslations(q);
  return {
    categories: categories.map((row) => ({
      ...row,
      hours: normaliseHours(row.hours),
      translations: translationsOf(index, 'category', row.id),
    })),
    subCategories: subCategories.map((row) => ({
      ...row,
      translations: translationsOf(index, 'sub_category', row.id),
    })),
    items: items.map((row) => toStaffItem(row, index)),
  };
}

export async function readCategory(q: Queryable, id: number, lock = false): Promise<StaffCategory | undefined> {
  const [row] = await q.query<CategoryRow>(`${SELECT_CATEGORIES} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!row) return undefined;
  const index = await readTranslations(q, [{ kind: 'category', ids: [id] }]);
  return { ...row, hours: normaliseHours(row.hours), translations: translationsOf(index, 'category', id) };
}

export async function readSubCategory(q: Queryable, id: number, lock = false): Promise<StaffSubCategory | undefined> {
  const [row] = await q.query<SubCategoryRow>(`${SELECT_SUB_CATEGORIES} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  if (!row) return undefined;
  const index = await readTranslations(q, [{ kind: 'sub_category', ids: [id] }]);
  return { ...row, translations: translationsOf(index, 'sub_category', id) };
}

export async function readItem(q: Queryable, id: number, lock = false): Promise<StaffMenuItem | undefined> {
  if (lock) await q.query('SELECT id FROM menu_items WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await q.query<ItemRow>(`${SELECT_ITEMS} WHERE m.id = $1`, [id]);
  if (!row) return undefined;
  const index = await readTranslations(q, [
    { kind: 'menu_item', ids: [id] },
    { kind: 'option_group', ids: row.options.map((group) => group.id) },
    { kind: 'option_choice', ids: row.options.flatMap((group) => group.choices.map((choice) => choice.id)) },
  ]);
  return toStaffItem(row, index);
}

/** The dish a choice belongs to, or undefined for an unknown choice. */
export async function dishOfChoice(q: Queryable, choiceId: number): Promise<number | undefined> {
  const [row] = await q.query<{ menu_id: number }>(
    'SELECT g.menu_id FROM option_choices c JOIN option_groups g ON g.id = c.group_id WHERE c.id = $1',
    [choiceId],
  );
  return row?.menu_id;
}

// --- Writes -------------------------------------------------------------------------------------------------------

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function writeTranslations(
  tx: Queryable,
  kind: TranslationKind,
  id: number,
  before: StaffTranslations | undefined,
  after: StaffTranslations,
): Promise<void> {
  if (before && same(normaliseTranslations(before), normaliseTranslations(after))) return;
  await tx.query('DELETE FROM translations WHERE kind = $1 AND id = $2', [kind, id]);
  const rows = Object.entries(after).map(([language, entry]) => ({
    language,
    name: entry.name,
    description: entry.description ?? null,
  }));
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO translations (kind, id, language, name, description)
     SELECT $1, $2, r.language, r.name, r.description
     FROM jsonb_to_recordset($3::jsonb) AS r(language text, name text, description text)`,
    [kind, id, JSON.stringify(rows)],
  );
}

/** Stores a category (a new one when `before` is null) and answers its id. */
export async function saveCategory(tx: Queryable, before: StaffCategory | null, next: StaffCategory): Promise<number> {
  const values = [next.name, next.description, next.image, next.sort, next.hidden, json(next.hours), next.station];
  let id = before?.id ?? 0;
  if (before) {
    await tx.query(
      `UPDATE categories SET name = $2, description = $3, image = $4, sort = $5, hidden = $6, hours = $7::jsonb,
         station = $8 WHERE id = $1`,
      [id, ...values],
    );
  } else {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO categories (name, description, image, sort, hidden, hours, station)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) RETURNING id`,
      values,
    );
    id = row?.id ?? 0;
  }
  await writeTranslations(tx, 'category', id, before?.translations, next.translations);
  return id;
}

export async function saveSubCategory(
  tx: Queryable,
  before: StaffSubCategory | null,
  next: StaffSubCategory,
): Promise<number> {
  const values = [next.category_id, next.name, next.image, next.sort, next.hidden];
  let id = before?.id ?? 0;
  if (before) {
    await tx.query(
      'UPDATE sub_categories SET category_id = $2, name = $3, image = $4, sort = $5, hidden = $6 WHERE id = $1',
      [id, ...values],
    );
  } else {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO sub_categories (category_id, name, image, sort, hidden) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      values,
    );
    id = row?.id ?? 0;
  }
  await writeTranslations(tx, 'sub_category', id, before?.translations, next.translations);
  return id;
}

async function saveOptions(
  tx: Queryable,
  menuId: number,
  before: readonly StaffOptionGroup[],
  next: readonly StaffOptionGroup[],
): Promise<void> {
  const keptGroups = new Set(next.map((group) => group.id).filter((id) => id > 0));
  const keptChoices = new Set(next.flatMap((group) => group.choices.map((choice) => choice.id)).filter((id) => id > 0));
  const goneGroups = before.filter((group) => !keptGroups.has(group.id)).map((group) => group.id);
  const goneChoices = before
    .flatMap((group) => group.choices)
    .filter((choice) => !keptChoices.has(choice.id))
    .map((choice) => choice.id);
  const beforeGroups = new Map(before.map((group) => [group.id, group]));
  const beforeChoices = new Map(before.flatMap((group) => group.choices).map((choice) => [choice.id, choice]));
  for (const [g, group] of next.entries()) {
    const previous = beforeGroups.get(group.id);
    let groupId = group.id;
    if (previous) {
      await tx.query('UPDATE option_groups SET name = $2, min = $3, max = $4, sort = $5 WHERE id = $1', [
        groupId,
        group.name,
        group.min,
        group.max,
        g,
      ]);
    } else {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO option_groups (menu_id, name, min, max, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [menuId, group.name, group.min, group.max, g],
      );
      groupId = row?.id ?? 0;
    }
    await writeTranslations(tx, 'option_group', groupId, previous?.translations, group.translations);
    for (const [c, choice] of group.choices.entries()) {
      const old = beforeChoices.get(choice.id);
      const values = [groupId, choice.name, toCents(choice.price), choice.available, choice.allergens, c];
      let choiceId = choice.id;
      if (old) {
        await tx.query(
          `UPDATE option_choices SET group_id = $2, name = $3, price_cents = $4, available = $5, allergens = $6, sort = $7
           WHERE id = $1`,
          [choiceId, ...values],
        );
      } else {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO option_choices (group_id, name, price_cents, available, allergens, sort)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          values,
        );
        choiceId = row?.id ?? 0;
      }
      await writeTranslations(tx, 'option_choice', choiceId, old?.translations, choice.translations);
    }
  }
  // Last, so a choice that moved to another group of the dish is not deleted with the group it left.
  if (goneChoices.length > 0) {
    await tx.query('DELETE FROM option_choices WHERE id = ANY ($1::int[])', [goneChoices]);
    await tx.query("DELETE FROM translations WHERE kind = 'option_choice' AND id = ANY ($1::int[])", [goneChoices]);
  }
  if (goneGroups.length > 0) {
    await tx.query('DELETE FROM option_groups WHERE id = ANY ($1::int[])', [goneGroups]);
    await tx.query("DELETE FROM translations WHERE kind = 'option_group' AND id = ANY ($1::int[])", [goneGroups]);
  }
}

export async function saveItem(tx: Queryable, before: StaffMenuItem | null, next: StaffMenuItem): Promise<number> {
  // A price the restaurant changes is answered as the number it set, no longer as the demo's text label.
  const keepLabel = before !== null && toCents(before.price) === toCents(next.price);
  const values = [
    next.sub_cat_id,
    next.name,
    next.description,
    toCents(next.price),
    next.image,
    next.available,
    joinTags(next.diets, next.tags),
    next.prep_minutes,
    next.sort,
    next.allergens,
    next.station,
    next.hidden,
    json(next.hours),
  ];
  let id = before?.id ?? 0;
  if (before) {
    await tx.query(
      `UPDATE menu_items SET sub_category_id = $2, name = $3, description = $4, price_cents = $5, image = $6,
         available = $7, tags = $8, prep_minutes = $9, sort = $10, allergens = $11, station = $12, hidden = $13,
         hours = $14::jsonb${keepLabel ? '' : ', price_label = NULL'}
       WHERE id = $1`,
      [id, ...values],
    );
  } else {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO menu_items (sub_category_id, name, description, price_cents, image, available, tags, prep_minutes,
         sort, allergens, station, hidden, hours)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb) RETURNING id`,
      values,
    );
    id = row?.id ?? 0;
  }
  if (!before || !same(before.options, next.options)) await saveOptions(tx, id, before?.options ?? [], next.options);
  await writeTranslations(tx, 'menu_item', id, before?.translations, next.translations);
  return id;
}

const SORT_TABLES = { category: 'categories', sub_category: 'sub_categories', menu_item: 'menu_items' } as const;

/** Gives siblings their positions, 0 first, in the order given. */
export async function saveOrder(tx: Queryable, kind: keyof typeof SORT_TABLES, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE ${SORT_TABLES[kind]} t SET sort = o.position - 1
     FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position) WHERE t.id = o.id AND t.sort <> o.position - 1`,
    [ids],
  );
}

/**
 * New rows take ids from the tables' sequences; rows written with ids of their own (the demo's seed) must not be given
 * again, so each sequence is moved past the largest id (never back).
 */
export async function syncIdSequences(tx: Queryable): Promise<void> {
  for (const table of ['categories', 'sub_categories', 'menu_items', 'option_groups', 'option_choices']) {
    // The sequence's name as the catalog has it; a table without one (made before its ids became identities and not
    // migrated since) takes ids only as written, so there is nothing to move.
    const [found] = await tx.query<{ sequence: string | null }>(`SELECT pg_get_serial_sequence($1, 'id') AS sequence`, [
      table,
    ]);
    if (!found?.sequence) continue;
    await tx.query(
      `SELECT setval($1::regclass, max(id)) FROM ${table}
       HAVING max(id) > (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ${found.sequence})`,
      [found.sequence],
    );
  }
}

export async function setChoiceAvailable(tx: Queryable, choiceId: number, available: boolean): Promise<void> {
  await tx.query('UPDATE option_choices SET available = $2 WHERE id = $1', [choiceId, available]);
}
