// The back office's rules on plain data, shared by the provider and the MSW fake: how a body changes an entity, what changed.
import { ALLERGENS } from '../../contract/guest';
import {
  DIETS,
  type CategoryPatch,
  type DishPatch,
  type NewCategory,
  type NewDish,
  type NewSubCategory,
  type OptionGroupInput,
  type StaffCategory,
  type StaffMenuItem,
  type StaffOptionGroup,
  type StaffSubCategory,
  type SubCategoryPatch,
  type Translations,
} from '../../contract/menu-admin';
import { toCents } from '../../src/domain/money';
import { invalid, type FieldErrors } from '../api/provider-error';

/** The whole menu as the back office sees it, hidden entities included, each list in menu order. */
export interface MenuSnapshot {
  categories: StaffCategory[];
  subCategories: StaffSubCategory[];
  items: StaffMenuItem[];
}

export type StaffTranslations = StaffCategory['translations'];

/** Translations with every description present (null when none), in language order: equal menus compare equal. */
export function normaliseTranslations(translations: Translations | StaffTranslations | undefined): StaffTranslations {
  const out: StaffTranslations = {};
  for (const language of Object.keys(translations ?? {}).sort()) {
    const entry = translations?.[language];
    if (entry) out[language] = { name: entry.name, description: entry.description ?? null };
  }
  return out;
}

const isDiet = (tag: string) => (DIETS as readonly string[]).includes(tag);
/** A dish's stored tags are its diets, then its other tags, each in the order the restaurant gave them. */
export const splitTags = (stored: readonly string[]) => ({
  diets: [...new Set(stored.filter(isDiet))],
  tags: [...new Set(stored.filter((tag) => !isDiet(tag)))],
});
export const joinTags = (diets: readonly string[], tags: readonly string[]) => [...new Set([...diets, ...tags])];

/** Allergens in the contract's order, so a re-ordered list is no change. */
export const inAllergenOrder = (allergens: readonly string[] | null) =>
  allergens === null
    ? null
    : [...new Set(allergens)].sort(
        (a, b) => (ALLERGENS as readonly string[]).indexOf(a) - (ALLERGENS as readonly string[]).indexOf(b),
      );

const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

/** A new category or a changed one; `id` 0 until it is stored. */
export function mergeCategory(before: StaffCategory | null, input: NewCategory | CategoryPatch): StaffCategory {
  const base: StaffCategory = before ?? {
    id: 0,
    name: '',
    description: null,
    image: null,
    sort: Number.MAX_SAFE_INTEGER,
    hidden: false,
    hours: null,
    station: null,
    translations: {},
  };
  const { translations, hours, ...rest } = defined(input);
  return {
    ...base,
    ...rest,
    ...(translations === undefined ? {} : { translations: normaliseTranslations(translations) }),
    ...(hours === undefined ? {} : { hours: hours === null ? null : hours.map(normaliseWindow) }),
  } as StaffCategory;
}

export function mergeSubCategory(
  before: StaffSubCategory | null,
  input: NewSubCategory | SubCategoryPatch,
): StaffSubCategory {
  const base: StaffSubCategory = before ?? {
    id: 0,
    category_id: 0,
    name: '',
    image: null,
    sort: Number.MAX_SAFE_INTEGER,
    hidden: false,
    translations: {},
  };
  const { translations, ...rest } = defined(input);
  return {
    ...base,
    ...rest,
    ...(translations === undefined ? {} : { translations: normaliseTranslations(translations) }),
  } as StaffSubCategory;
}

const normaliseWindow = (window: { days: readonly number[]; from: string; to: string }) => ({
  days: [...new Set(window.days)].sort((a, b) => a - b),
  from: window.from,
  to: window.to,
});

/** Hours with their fields in one order (jsonb keeps keys in its own), so equal hours compare equal. */
export const normaliseHours = (hours: StaffCategory['hours']): StaffCategory['hours'] =>
  hours === null ? null : hours.map(normaliseWindow);

/**
 * The dish's option groups from a body: ids it sends must be this dish's own (a choice may move between its groups);
 * anything else is refused, naming the field.
 */
export function mergeOptions(
  before: readonly StaffOptionGroup[],
  input: readonly OptionGroupInput[],
): StaffOptionGroup[] {
  const groupIds = new Set(before.map((group) => group.id));
  const choiceIds = new Set(before.flatMap((group) => group.choices.map((choice) => choice.id)));
  const fields: FieldErrors = {};
  const seenGroups = new Set<number>();
  const seenChoices = new Set<number>();
  const groups = input.map((group, g) => {
    if (group.id !== undefined && (!groupIds.has(group.id) || seenGroups.has(group.id))) {
      fields[`options.${g}.id`] = seenGroups.has(group.id) ? 'named twice' : 'not an option group of this dish';
    }
    if (group.id !== undefined) seenGroups.add(group.id);
    return {
      id: group.id ?? 0,
      name: group.name,
      min: group.min,
      max: group.max,
      translations: normaliseTranslations(group.translations),
      choices: group.choices.map((choice, c) => {
        if (choice.id !== undefined && (!choiceIds.has(choice.id) || seenChoices.has(choice.id))) {
          fields[`options.${g}.choices.${c}.id`] = seenChoices.has(choice.id)
            ? 'named twice'
            : 'not a choice of this dish';
        }
        if (choice.id !== undefined) seenChoices.add(choice.id);
        const previous = before.flatMap((one) => one.choices).find((one) => one.id === choice.id);
        return {
          id: choice.id ?? 0,
          name: choice.name,
          price: choice.price,
          available: choice.available ?? previous?.available ?? true,
          allergens: inAllergenOrder(choice.allergens === undefined ? (previous?.allergens ?? null) : choice.allergens),
          translations: normaliseTranslations(choice.translations),
        };
      }),
    };
  });
  if (Object.keys(fields).length > 0) {
    throw invalid(`These options name ids that are not this dish's: ${Object.keys(fields).join(', ')}`, fields);
  }
  return groups;
}

/** A new dish or a changed one, `cat_id` given by the caller (from its sub-category); `id` 0 until it is stored. */
export function mergeItem(before: StaffMenuItem | null, input: NewDish | DishPatch, catId: number): StaffMenuItem {
  const base: StaffMenuItem = before ?? {
    id: 0,
    cat_id: catId,
    sub_cat_id: 0,
    name: '',
    description: '',
    price: 0,
    image: null,
    available: true,
    prep_minutes: 10,
    allergens: null,
    diets: [],
    tags: [],
    options: [],
    sort: Number.MAX_SAFE_INTEGER,
    hidden: false,
    hours: null,
    station: null,
    translations: {},
  };
  const { translations, hours, options, diets, tags, allergens, ...rest } = defined(input);
  return {
    ...base,
    ...rest,
    cat_id: catId,
    ...(translations === undefined ? {} : { translations: normaliseTranslations(translations) }),
    ...(hours === undefined ? {} : { hours: hours === null ? null : hours.map(normaliseWindow) }),
    ...(options === undefined ? {} : { options: mergeOptions(base.options, options) }),
    ...(diets === undefined ? {} : { diets: [...new Set(diets)] }),
    ...(tags === undefined ? {} : { tags: [...new Set(tags)] }),
    ...(allergens === undefined ? {} : { allergens: inAllergenOrder(allergens) }),
  } as StaffMenuItem;
}

// --- What changed ------------------------------------------------------------------------------------------------

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The options as compared: prices in cents, ids left out for new ones (0). */
const comparableOptions = (groups: readonly StaffOptionGroup[]) =>
  groups.map((group) => ({
    ...group,
    choices: group.choices.map((choice) => ({ ...choice, price: toCents(choice.price) })),
  }));

const CATEGORY_FIELDS = ['name', 'description', 'image', 'hidden', 'hours', 'station', 'translations'] as const;
const SUB_CATEGORY_FIELDS = ['category_id', 'name', 'image', 'hidden', 'translations'] as const;
const ITEM_FIELDS = [
  'sub_cat_id',
  'name',
  'description',
  'price',
  'image',
  'available',
  'prep_minutes',
  'allergens',
  'diets',
  'tags',
  'options',
  'hidden',
  'hours',
  'station',
  'translations',
] as const;

export function changedCategoryFields(before: StaffCategory, after: StaffCategory, withSort = false): string[] {
  return [...CATEGORY_FIELDS, ...(withSort ? (['sort'] as const) : [])].filter(
    (field) => !same(before[field], after[field]),
  );
}

export function changedSubCategoryFields(
  before: StaffSubCategory,
  after: StaffSubCategory,
  withSort = false,
): string[] {
  return [...SUB_CATEGORY_FIELDS, ...(withSort ? (['sort'] as const) : [])].filter(
    (field) => !same(before[field], after[field]),
  );
}

export function changedItemFields(before: StaffMenuItem, after: StaffMenuItem, withSort = false): string[] {
  return [...ITEM_FIELDS, ...(withSort ? (['sort'] as const) : [])].filter((field) => {
    if (field === 'price') return toCents(before.price) !== toCents(after.price);
    if (field === 'options') return !same(comparableOptions(before.options), comparableOptions(after.options));
    return !same(before[field], after[field]);
  });
}

/** Where `id` goes among its siblings: their ids in the new order (`position` past the end: last). */
export function reordered(siblingIds: readonly number[], id: number, position: number): number[] {
  const others = siblingIds.filter((sibling) => sibling !== id);
  const at = Math.max(0, Math.min(position, others.length));
  return [...others.slice(0, at), id, ...others.slice(at)];
}
