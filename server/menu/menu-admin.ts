// The back office's changes: each one transaction with its live `menu` event and its audit row.
import type {
  AuditAction,
  AuditEntity,
  AuditEntry,
  CategoryPatch,
  DishPatch,
  ImportReport,
  MenuDocument,
  NewCategory,
  NewDish,
  NewSubCategory,
  StaffCategory,
  StaffMenuItem,
  StaffSubCategory,
  SubCategoryPatch,
} from '../../contract/menu-admin';
import { invalid } from '../api/provider-error';
import { categoryNotFound, choiceNotFound, dishNotFound, subCategoryNotFound } from './menu-errors';
import type { Database, Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';
import { readRestaurant } from '../restaurant/restaurant-store';
import { dishEvent } from './guest-view';
import { applyPlan, importRefused, planImport, toDocument, type LineOf } from './menu-import';
import {
  changedCategoryFields,
  changedItemFields,
  changedSubCategoryFields,
  mergeCategory,
  mergeItem,
  mergeSubCategory,
  reordered,
} from './menu-model';
import { encodePhoto, storePhoto } from './menu-photos';
import {
  dishOfChoice,
  readCategory,
  readItem,
  readSnapshot,
  readSubCategory,
  saveCategory,
  saveItem,
  saveOrder,
  saveSubCategory,
  setChoiceAvailable,
} from './menu-store';

/**
 * Menu changes take turns (per schema, so test schemas on one server never wait for each other): two managers editing
 * at once each see the other's change before making theirs, and an import never interleaves with an edit.
 */
const takeMenuTurn = (tx: Queryable) => tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.menu'))");

async function audit(
  tx: Queryable,
  staff: string,
  action: AuditAction,
  entity: AuditEntity,
  id: number | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.query(
    'INSERT INTO menu_audit (staff, action, entity, entity_id, before, after) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)',
    [
      staff,
      action,
      entity,
      id,
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
    ],
  );
}

/** `reload`: the dish was added, moved, reordered, hidden or shown, which open lists cannot apply on their own. */
async function dishChanged(tx: Queryable, item: StaffMenuItem, now: Date, reload: boolean): Promise<void> {
  const sub = await readSubCategory(tx, item.sub_cat_id);
  const category = await readCategory(tx, item.cat_id);
  const { time_zone } = await readRestaurant(tx);
  const hiddenAbove = Boolean(sub?.hidden || category?.hidden);
  const payload = dishEvent(item, category, hiddenAbove, now, time_zone);
  await recordEvent(tx, { type: 'menu', payload: reload ? { ...payload, reload } : payload });
}

// --- Categories ----------------------------------------------------------------------------------------------------

async function siblingCategories(tx: Queryable) {
  return tx.query<{ id: number }>('SELECT id FROM categories ORDER BY sort, id');
}

export async function createCategory(db: Database, staff: string, input: NewCategory): Promise<StaffCategory> {
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    const next = mergeCategory(null, input);
    const id = await saveCategory(tx, null, { ...next, sort: 100_000 });
    const ids = (await siblingCategories(tx)).map((row) => row.id);
    await saveOrder(tx, 'category', reordered(ids, id, input.sort ?? ids.length));
    const saved = (await readCategory(tx, id)) as StaffCategory;
    await audit(tx, staff, 'create', 'category', id, null, saved);
    await recordEvent(tx, { type: 'menu', payload: { category: saved } });
    return saved;
  });
}

export async function updateCategory(
  db: Database,
  staff: string,
  id: number,
  patch: CategoryPatch,
  action: AuditAction = 'update',
): Promise<StaffCategory> {
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    const before = await readCategory(tx, id, true);
    if (!before) throw categoryNotFound(id);
    const { sort, ...fields } = patch;
    await saveCategory(tx, before, { ...mergeCategory(before, fields), sort: before.sort });
    if (sort !== undefined) {
      await saveOrder(
        tx,
        'category',
        reordered(
          (await siblingCategories(tx)).map((row) => row.id),
          id,
          sort,
        ),
      );
    }
    const saved = (await readCategory(tx, id)) as StaffCategory;
    // A save that changes nothing is no change: the Changes screen would list an entry with nothing in it.
    if (changedCategoryFields(before, saved, true).length === 0) return saved;
    await audit(tx, staff, action, 'category', id, before, saved);
    await recordEvent(tx, { type: 'menu', payload: { category: saved } });
    return saved;
  });
}

// --- Sub-categories ------------------------------------------------------------------------------------------------

async function siblingSubCategories(tx: Queryable, categoryId: number) {
  return tx.query<{ id: number }>('SELECT id FROM sub_categories WHERE category_id = $1 ORDER BY sort, id', [
    categoryId,
  ]);
}

const parentCategory = async (tx: Queryable, id: number) => {
  const category = await readCategory(tx, id);
  if (!category) throw invalid(`There is no category ${id}`, { category_id: 'no such category' });
  return category;
};

export async function createSubCategory(db: Database, staff: string, input: NewSubCategory): Promise<StaffSubCategory> {
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    await parentCategory(tx, input.category_id);
    const id = await saveSubCategory(tx, null, { ...mergeSubCategory(null, input), sort: 100_000 });
    const ids = (await siblingSubCategories(tx, input.category_id)).map((row) => row.id);
    await saveOrder(tx, 'sub_category', reordered(ids, id, input.sort ?? ids.length));
    const saved = (await readSubCategory(tx, id)) as StaffSubCategory;
    await audit(tx, staff, 'create', 'sub_category', id, null, saved);
    await recordEvent(tx, { type: 'menu', payload: { sub_category: saved } });
    return saved;
  });
}

export async function updateSubCategory(
  db: Database,
  staff: string,
  id: number,
  patch: SubCategoryPatch,
  action: AuditAction = 'update',
): Promise<StaffSubCategory> {
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    const before = await readSubCategory(tx, id, true);
    if (!before) throw subCategoryNotFound(id);
    if (patch.category_id !== undefined) await parentCategory(tx, patch.category_id);
    const { sort, ...fields } = patch;
    const moved = fields.category_id !== undefined && fields.category_id !== before.category_id;
    const next = { ...mergeSubCategory(before, fields), sort: moved ? 100_000 : before.sort };
    await saveSubCategory(tx, before, next);
    if (sort !== undefined || moved) {
      const ids = (await siblingSubCategories(tx, next.category_id)).map((row) => row.id);
      await saveOrder(tx, 'sub_category', reordered(ids, id, sort ?? ids.length));
    }
    const saved = (await readSubCategory(tx, id)) as StaffSubCategory;
    if (changedSubCategoryFields(before, saved, true).length === 0) return saved;
    await audit(tx, staff, action, 'sub_category', id, before, saved);
    await recordEvent(tx, { type: 'menu', payload: { sub_category: saved } });
    return saved;
  });
}

// --- Dishes --------------------------------------------------------------------------------------------------------

async function siblingItems(tx: Queryable, subId: number) {
  return tx.query<{ id: number }>('SELECT id FROM menu_items WHERE sub_category_id = $1 ORDER BY sort, id', [subId]);
}

const parentSubCategory = async (tx: Queryable, id: number) => {
  const sub = await readSubCategory(tx, id);
  if (!sub) throw invalid(`There is no sub-category ${id}`, { sub_cat_id: 'no such sub-category' });
  return sub;
};

export async function createDish(db: Database, staff: string, input: NewDish, now: Date): Promise<StaffMenuItem> {
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    const sub = await parentSubCategory(tx, input.sub_cat_id);
    const id = await saveItem(tx, null, { ...mergeItem(null, input, sub.category_id), sort: 100_000 });
    const ids = (await siblingItems(tx, sub.id)).map((row) => row.id);
    await saveOrder(tx, 'menu_item', reordered(ids, id, input.sort ?? ids.length));
    const saved = (await readItem(tx, id)) as StaffMenuItem;
    await audit(tx, staff, 'create', 'menu_item', id, null, saved);
    await dishChanged(tx, saved, now, true);
    return saved;
  });
}

export async function updateDish(
  db: Database,
  staff: string,
  id: number,
  patch: DishPatch,
  now: Date,
  action: AuditAction = 'update',
): Promise<StaffMenuItem> {
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    const before = await readItem(tx, id, true);
    if (!before) throw dishNotFound(id);
    const { sort, ...fields } = patch;
    const sub = fields.sub_cat_id === undefined ? undefined : await parentSubCategory(tx, fields.sub_cat_id);
    const moved = sub !== undefined && sub.id !== before.sub_cat_id;
    const next = {
      ...mergeItem(before, fields, sub?.category_id ?? before.cat_id),
      sort: moved ? 100_000 : before.sort,
    };
    await saveItem(tx, before, next);
    if (sort !== undefined || moved) {
      const ids = (await siblingItems(tx, next.sub_cat_id)).map((row) => row.id);
      await saveOrder(tx, 'menu_item', reordered(ids, id, sort ?? ids.length));
    }
    const saved = (await readItem(tx, id)) as StaffMenuItem;
    if (changedItemFields(before, saved, true).length === 0) return saved;
    await audit(tx, staff, action, 'menu_item', id, before, saved);
    await dishChanged(tx, saved, now, sort !== undefined || moved || before.hidden !== saved.hidden);
    return saved;
  });
}

/** A choice sold out (or back) on its own: the anchovies have run out, the pizza has not. */
export async function setChoice(
  db: Database,
  staff: string,
  choiceId: number,
  available: boolean,
  now: Date,
): Promise<StaffMenuItem> {
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    const menuId = await dishOfChoice(tx, choiceId);
    if (menuId === undefined) throw choiceNotFound(choiceId);
    const before = (await readItem(tx, menuId, true)) as StaffMenuItem;
    const choiceBefore = before.options.flatMap((group) => group.choices).find((choice) => choice.id === choiceId);
    await setChoiceAvailable(tx, choiceId, available);
    const saved = (await readItem(tx, menuId)) as StaffMenuItem;
    const choiceAfter = saved.options.flatMap((group) => group.choices).find((choice) => choice.id === choiceId);
    await audit(tx, staff, 'update', 'choice', choiceId, choiceBefore ?? null, choiceAfter ?? null);
    await dishChanged(tx, saved, now, false);
    return saved;
  });
}

export async function setDishPhoto(
  db: Database,
  staff: string,
  id: number,
  contentType: string,
  body: Uint8Array,
  now: Date,
): Promise<StaffMenuItem> {
  // Checked and encoded before the transaction: sharp's work holds no lock and no connection.
  const exists = await readItem(db, id);
  if (!exists) throw dishNotFound(id);
  const photo = await encodePhoto(contentType, body);
  return db.transaction(async (tx) => {
    await takeMenuTurn(tx);
    const before = await readItem(tx, id, true);
    if (!before) throw dishNotFound(id);
    await storePhoto(tx, photo);
    await saveItem(tx, before, { ...before, image: photo.image });
    const saved = (await readItem(tx, id)) as StaffMenuItem;
    await audit(tx, staff, 'photo', 'menu_item', id, { image: before.image }, { image: saved.image });
    await dishChanged(tx, saved, now, false);
    return saved;
  });
}

// --- Export, import, audit -------------------------------------------------------------------------------------------

export async function exportMenu(db: Queryable): Promise<MenuDocument> {
  return toDocument(await readSnapshot(db));
}

export interface ImportOptions {
  apply: boolean;
  acknowledge: boolean;
  /** For a CSV: the line of each dish, so problems name lines. */
  lineOf?: LineOf;
  /** Problems found while reading the body (a CSV's bad rows). */
  readErrors?: ImportReport['errors'];
}

/**
 * Plans the document against the menu and, with `apply`, writes it in one transaction: all of it or, with any error
 * (or a contradiction nobody acknowledged), nothing (422). A dry run answers the same report and writes nothing.
 */
export async function importMenu(
  db: Database,
  staff: string,
  document: MenuDocument,
  options: ImportOptions,
): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    if (options.apply) await takeMenuTurn(tx);
    const plan = planImport(await readSnapshot(tx), document, options.lineOf);
    const report: ImportReport = { ...plan.report, errors: [...(options.readErrors ?? []), ...plan.report.errors] };
    if (!options.apply) return report;
    const blocking = report.warnings.filter((warning) => warning.blocking);
    if (report.errors.length > 0 || (blocking.length > 0 && !options.acknowledge))
      throw importRefused(report, blocking);
    const total = report.added + report.changed + report.hidden;
    await applyPlan(plan, {
      saveCategory: (b, n) => saveCategory(tx, b, n),
      saveSubCategory: (b, n) => saveSubCategory(tx, b, n),
      saveItem: (b, n) => saveItem(tx, b, n),
    });
    if (total > 0) {
      const summary = { added: report.added, changed: report.changed, hidden: report.hidden, changes: report.changes };
      await audit(tx, staff, 'import', 'menu', null, null, summary);
      await recordEvent(tx, {
        type: 'menu',
        payload: { import: { added: report.added, changed: report.changed, hidden: report.hidden } },
      });
    }
    return { ...report, applied: true };
  });
}

interface AuditRow {
  at: string;
  staff: string;
  action: AuditEntry['action'];
  entity: AuditEntry['entity'];
  entity_id: number | null;
  before: unknown;
  after: unknown;
}

/** The newest changes first. */
export async function listAudit(db: Queryable, limit: number): Promise<AuditEntry[]> {
  const rows = await db.query<AuditRow>(
    `SELECT api_time(at) AS at, staff, action, entity, entity_id, before, after
     FROM menu_audit ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(({ entity_id, ...row }) => ({ ...row, id: entity_id }));
}
