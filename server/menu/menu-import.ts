// Import and export: a MenuDocument matched against the menu (ids, then names), what it would add, change and hide.
import * as z from 'zod/mini';
import {
  MENU_LIMITS,
  menuDocumentSchema,
  type DishPatch,
  type DocumentCategory,
  type DocumentItem,
  type DocumentSubCategory,
  type ImportChange,
  type ImportProblem,
  type ImportReport,
  type ImportWarning,
  type MenuDocument,
  type OptionGroupInput,
  type StaffCategory,
  type StaffMenuItem,
  type StaffOptionGroup,
  type StaffSubCategory,
} from '../../contract/menu-admin';
import { dietContradictions } from '../../src/domain/menu-checks';
import { ProviderError } from '../api/provider-error';
import '../api/zod-messages';
import { importProblem } from './import-issues';
import {
  changedCategoryFields,
  changedItemFields,
  changedSubCategoryFields,
  mergeCategory,
  mergeItem,
  mergeSubCategory,
  type MenuSnapshot,
} from './menu-model';

export interface PlannedItem {
  before: StaffMenuItem | null;
  next: StaffMenuItem;
}
export interface PlannedSubCategory {
  before: StaffSubCategory | null;
  next: StaffSubCategory;
  items: PlannedItem[];
}
export interface PlannedCategory {
  before: StaffCategory | null;
  next: StaffCategory;
  subCategories: PlannedSubCategory[];
}

export interface ImportPlan {
  report: ImportReport;
  categories: PlannedCategory[];
  /** What this restaurant shows that the document leaves out (or hides): hidden on apply. */
  hide: { categories: StaffCategory[]; subCategories: StaffSubCategory[]; items: StaffMenuItem[] };
}

/** Where each dish of a document came from, for a CSV: its line. */
export type LineOf = (category: number, subCategory: number, item: number) => number | undefined;

const key = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en');

/** The document's schema problems, each by path and field, or the parsed document. */
export function readDocument(body: unknown): { document?: MenuDocument; errors: ImportProblem[] } {
  const parsed = menuDocumentSchema.safeParse(body);
  if (parsed.success) return { document: parsed.data, errors: [] };
  return { errors: parsed.error.issues.slice(0, 200).map((issue) => importProblem(issue, body)) };
}

/** Matches a document against the menu and works out every change; nothing is written. */
export function planImport(snapshot: MenuSnapshot, document: MenuDocument, lineOf?: LineOf): ImportPlan {
  const errors: ImportProblem[] = [];
  const warnings: ImportWarning[] = [];
  const changes: ImportChange[] = [];
  const where = (c: number, s?: number, i?: number) => {
    const line = i === undefined || s === undefined ? undefined : lineOf?.(c, s, i);
    if (line !== undefined) return { line };
    let path = `categories.${c}`;
    if (s !== undefined) path += `.sub_categories.${s}`;
    if (i !== undefined) path += `.items.${i}`;
    return { path };
  };

  const dishCount = document.categories.reduce(
    (sum, category) => sum + category.sub_categories.reduce((inner, sub) => inner + sub.items.length, 0),
    0,
  );
  if (dishCount > MENU_LIMITS.importDishesMax) {
    errors.push({
      path: 'categories',
      field: 'items',
      message: `at most ${MENU_LIMITS.importDishesMax} dishes at once`,
    });
  }

  const categoriesById = new Map(snapshot.categories.map((category) => [category.id, category]));
  const subsById = new Map(snapshot.subCategories.map((sub) => [sub.id, sub]));
  const itemsById = new Map(snapshot.items.map((item) => [item.id, item]));
  const usedCategories = new Set<number>();
  const usedSubs = new Set<number>();
  const usedItems = new Set<number>();

  /** By id when this restaurant has it, else by name among `candidates`; visible ones before hidden ones. */
  function match<T extends { id: number; name: string; hidden: boolean }>(
    id: number | undefined,
    name: string,
    byId: Map<number, T>,
    candidates: readonly T[],
    used: Set<number>,
  ): T | null {
    const found = id === undefined ? undefined : byId.get(id);
    if (found && !used.has(found.id)) return found;
    const named = candidates
      .filter((candidate) => !used.has(candidate.id) && key(candidate.name) === key(name))
      .sort((a, b) => Number(a.hidden) - Number(b.hidden));
    return named[0] ?? null;
  }

  const label = (...names: string[]) => names.join(' › ');
  const categories: PlannedCategory[] = [];
  const seenCategoryNames = new Set<string>();

  document.categories.forEach((docCategory, c) => {
    if (seenCategoryNames.has(key(docCategory.name))) {
      errors.push({ ...where(c), field: 'name', message: `a second category named “${docCategory.name}”` });
    }
    seenCategoryNames.add(key(docCategory.name));
    const before = match(docCategory.id, docCategory.name, categoriesById, snapshot.categories, usedCategories);
    if (before) usedCategories.add(before.id);
    const next = mergeCategory(before, categoryPatchOf(docCategory));
    next.sort = c;
    next.hidden = docCategory.hidden ?? false;
    record(changes, 'category', before, next, label(next.name), changedCategoryFields);

    const seenSubNames = new Set<string>();
    const subCategories = docCategory.sub_categories.map((docSub, s): PlannedSubCategory => {
      if (seenSubNames.has(key(docSub.name))) {
        errors.push({ ...where(c, s), field: 'name', message: `a second sub-category named “${docSub.name}” here` });
      }
      seenSubNames.add(key(docSub.name));
      const siblings = before ? snapshot.subCategories.filter((sub) => sub.category_id === before.id) : [];
      const beforeSub = match(docSub.id, docSub.name, subsById, siblings, usedSubs);
      if (beforeSub) usedSubs.add(beforeSub.id);
      const nextSub = mergeSubCategory(beforeSub, subPatchOf(docSub));
      nextSub.category_id = before?.id ?? 0;
      nextSub.sort = s;
      nextSub.hidden = docSub.hidden ?? false;
      // Its category_id is 0 under a new category, so a sub-category moving there is a change too.
      record(changes, 'sub_category', beforeSub, nextSub, label(next.name, nextSub.name), changedSubCategoryFields);

      const seenItemNames = new Set<string>();
      const items = docSub.items.map((docItem, i): PlannedItem => {
        if (seenItemNames.has(key(docItem.name))) {
          errors.push({ ...where(c, s, i), field: 'name', message: `a second dish named “${docItem.name}” here` });
        }
        seenItemNames.add(key(docItem.name));
        const itemSiblings = beforeSub ? snapshot.items.filter((item) => item.sub_cat_id === beforeSub.id) : [];
        const beforeItem = match(docItem.id, docItem.name, itemsById, itemSiblings, usedItems);
        if (beforeItem) usedItems.add(beforeItem.id);
        let nextItem: StaffMenuItem;
        try {
          nextItem = mergeItem(beforeItem, itemPatchOf(docItem, beforeItem), before?.id ?? 0);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          for (const [field, message] of Object.entries(error.fields ?? {}))
            errors.push({ ...where(c, s, i), field, message });
          nextItem = beforeItem ?? mergeItem(null, { ...itemPatchOf(docItem, null), options: [] }, 0);
        }
        nextItem.sub_cat_id = beforeSub?.id ?? 0;
        nextItem.sort = i;
        nextItem.hidden = docItem.hidden ?? false;
        const itemLabel = label(next.name, nextSub.name, nextItem.name);
        const changed = record(changes, 'menu_item', beforeItem, nextItem, itemLabel, changedItemFields);
        for (const problem of dietContradictions(nextItem)) {
          warnings.push({
            ...where(c, s, i),
            field: problem.field,
            message: `${nextItem.name} ${problem.message}`,
            // What is published already is no new risk; what this import adds or changes waits for a yes.
            blocking: problem.blocking && changed,
          });
        }
        return { before: beforeItem, next: nextItem };
      });
      return { before: beforeSub, next: nextSub, items };
    });
    categories.push({ before, next, subCategories });
  });

  const hide = {
    categories: snapshot.categories.filter((category) => !category.hidden && !usedCategories.has(category.id)),
    subCategories: snapshot.subCategories.filter((sub) => !sub.hidden && !usedSubs.has(sub.id)),
    items: snapshot.items.filter((item) => !item.hidden && !usedItems.has(item.id)),
  };
  const nameOf = (categoryId: number) => categoriesById.get(categoryId)?.name ?? '';
  const subNameOf = (subId: number) => subsById.get(subId)?.name ?? '';
  for (const category of hide.categories) {
    changes.push({ change: 'hidden', entity: 'category', id: category.id, name: category.name });
  }
  for (const sub of hide.subCategories) {
    changes.push({
      change: 'hidden',
      entity: 'sub_category',
      id: sub.id,
      name: label(nameOf(sub.category_id), sub.name),
    });
  }
  for (const item of hide.items) {
    changes.push({
      change: 'hidden',
      entity: 'menu_item',
      id: item.id,
      name: label(nameOf(item.cat_id), subNameOf(item.sub_cat_id), item.name),
    });
  }

  const count = (change: ImportChange['change']) => changes.filter((entry) => entry.change === change).length;
  return {
    report: {
      added: count('added'),
      changed: count('changed'),
      hidden: count('hidden'),
      errors,
      warnings,
      changes,
      applied: false,
    },
    categories,
    hide,
  };
}

/** Adds the entity's change to the list; answers whether it is added or changed at all. */
function record<T extends { id: number; hidden: boolean }>(
  changes: ImportChange[],
  entity: ImportChange['entity'],
  before: T | null,
  next: T,
  name: string,
  changedFields: (before: T, next: T) => string[],
): boolean {
  if (!before) {
    changes.push({ change: 'added', entity, id: null, name });
    return true;
  }
  const fields = changedFields(before, next);
  if (fields.length === 0) return false;
  const hiding = next.hidden && !before.hidden;
  changes.push({
    change: hiding ? 'hidden' : 'changed',
    entity,
    id: before.id,
    name,
    ...(hiding ? {} : { fields }),
  });
  return !hiding;
}

const categoryPatchOf = ({ sub_categories: _subs, id: _id, hidden: _hidden, ...fields }: DocumentCategory) => fields;
const subPatchOf = ({ items: _items, id: _id, hidden: _hidden, ...fields }: DocumentSubCategory) => fields;

/**
 * A dish's fields as a change. Its option groups and choices without ids (or with ids of another restaurant) take the
 * ids of this dish's groups and choices of the same name, so a document without ids changes nothing it repeats.
 */
function itemPatchOf(docItem: DocumentItem, before: StaffMenuItem | null): DishPatch {
  const { id: _id, hidden: _hidden, options, ...fields } = docItem;
  if (options === undefined) return fields;
  return { ...fields, options: withOptionIds(options, before?.options ?? []) };
}

function withOptionIds(groups: readonly OptionGroupInput[], existing: readonly StaffOptionGroup[]): OptionGroupInput[] {
  const groupIds = new Set(existing.map((group) => group.id));
  const choicesOf = new Map(existing.map((group) => [group.id, group.choices]));
  const usedGroups = new Set<number>();
  return groups.map((group) => {
    const own = group.id !== undefined && groupIds.has(group.id) && !usedGroups.has(group.id) ? group.id : undefined;
    const matched =
      own ?? existing.find((candidate) => !usedGroups.has(candidate.id) && key(candidate.name) === key(group.name))?.id;
    if (matched !== undefined) usedGroups.add(matched);
    const { id: _groupId, ...groupFields } = group;
    const choices = matched === undefined ? [] : (choicesOf.get(matched) ?? []);
    const usedChoices = new Set<number>();
    return {
      ...groupFields,
      ...(matched === undefined ? {} : { id: matched }),
      choices: group.choices.map((choice) => {
        const { id: choiceId, ...choiceFields } = choice;
        const ownChoice = choices.find((candidate) => candidate.id === choiceId && !usedChoices.has(candidate.id));
        const found =
          ownChoice ??
          choices.find((candidate) => !usedChoices.has(candidate.id) && key(candidate.name) === key(choice.name));
        if (found) usedChoices.add(found.id);
        return { ...choiceFields, ...(found ? { id: found.id } : {}) };
      }),
    };
  });
}

// --- Apply ---------------------------------------------------------------------------------------------------------

/** Where a plan is written: the provider's tables or the fake's memory. Each answers the stored entity's id. */
export interface MenuWriter {
  saveCategory(before: StaffCategory | null, next: StaffCategory): Promise<number>;
  saveSubCategory(before: StaffSubCategory | null, next: StaffSubCategory): Promise<number>;
  saveItem(before: StaffMenuItem | null, next: StaffMenuItem): Promise<number>;
}

const needsWrite = <T extends { sort: number }>(before: T | null, next: T, changedFields: (a: T, b: T) => string[]) =>
  before === null || before.sort !== next.sort || changedFields(before, next).length > 0;

/** Writes a plan without errors: each entity that is new, changed or moved, then hides what the document left out. */
export async function applyPlan(plan: ImportPlan, writer: MenuWriter): Promise<void> {
  for (const category of plan.categories) {
    const categoryId = needsWrite(category.before, category.next, changedCategoryFields)
      ? await writer.saveCategory(category.before, category.next)
      : category.next.id;
    for (const sub of category.subCategories) {
      const nextSub = { ...sub.next, category_id: categoryId };
      const subId = needsWrite(sub.before, nextSub, changedSubCategoryFields)
        ? await writer.saveSubCategory(sub.before, nextSub)
        : nextSub.id;
      for (const item of sub.items) {
        const nextItem = { ...item.next, cat_id: categoryId, sub_cat_id: subId };
        if (needsWrite(item.before, nextItem, changedItemFields)) await writer.saveItem(item.before, nextItem);
      }
    }
  }
  for (const category of plan.hide.categories) await writer.saveCategory(category, { ...category, hidden: true });
  for (const sub of plan.hide.subCategories) await writer.saveSubCategory(sub, { ...sub, hidden: true });
  for (const item of plan.hide.items) await writer.saveItem(item, { ...item, hidden: true });
}

// --- Export --------------------------------------------------------------------------------------------------------

/** The whole menu as a MenuDocument, ids and hidden entities included, in menu order. */
export function toDocument(snapshot: MenuSnapshot): MenuDocument {
  return {
    version: 1,
    categories: snapshot.categories.map((category) => ({
      id: category.id,
      name: category.name,
      description: category.description,
      image: category.image,
      translations: category.translations,
      hours: category.hours,
      station: category.station,
      hidden: category.hidden,
      sub_categories: snapshot.subCategories
        .filter((sub) => sub.category_id === category.id)
        .map((sub) => ({
          id: sub.id,
          name: sub.name,
          image: sub.image,
          translations: sub.translations,
          hidden: sub.hidden,
          items: snapshot.items
            .filter((item) => item.sub_cat_id === sub.id)
            .map((item) => ({
              id: item.id,
              name: item.name,
              description: item.description,
              price: item.price,
              available: item.available,
              prep_minutes: item.prep_minutes,
              allergens: item.allergens as DocumentItem['allergens'],
              diets: item.diets as DocumentItem['diets'],
              tags: item.tags as DocumentItem['tags'],
              options: item.options.map((group) => ({
                id: group.id,
                name: group.name,
                min: group.min,
                max: group.max,
                translations: group.translations,
                choices: group.choices.map((choice) => ({
                  id: choice.id,
                  name: choice.name,
                  price: choice.price,
                  available: choice.available,
                  allergens: choice.allergens as DocumentItem['allergens'],
                  translations: choice.translations,
                })),
              })),
              translations: item.translations,
              hours: item.hours,
              station: item.station,
              image: item.image,
              hidden: item.hidden,
            })),
        })),
    })),
  };
}

/** The import's errors as the 422 of an apply: every line or path and field named. */
export function importRefused(report: ImportReport, blocking: readonly ImportWarning[]): ProviderError {
  const problems = report.errors.length > 0 ? report.errors : blocking;
  const fields: Record<string, string> = {};
  for (const problem of problems.slice(0, 100)) {
    const at = problem.line !== undefined ? `line ${problem.line}` : problem.path || 'document';
    fields[`${at}: ${problem.field}`] ??= problem.message;
  }
  const message =
    report.errors.length > 0
      ? `The import has ${report.errors.length} error${report.errors.length === 1 ? '' : 's'}; nothing was changed`
      : `The import would publish ${blocking.length} contradiction${blocking.length === 1 ? '' : 's'} a guest could be hurt by; check them and send acknowledge=true to import anyway. Nothing was changed`;
  return new ProviderError(422, message, fields, { code: report.errors.length > 0 ? 'invalid' : 'contradictions' });
}

export const importQuerySchema = z.object({
  apply: z.optional(z.enum(['true', 'false'])),
  acknowledge: z.optional(z.enum(['true', 'false'])),
});
