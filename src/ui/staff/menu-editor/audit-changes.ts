// An audit row's changed fields in the editor's words: its labels, money in the restaurant's currency, yes and no, names for ids.
import type { AuditEntry } from '../../../../contract/menu-admin';
import { fromCents, toCents } from '../../../domain/money';
import { formatMoney } from '../../format';
import { DAY_NAMES, languageName } from './editor-fields';

/** Names of the menu's categories and sub-categories by id, when the screen has read the menu. */
export interface MenuNames {
  categories: ReadonlyMap<number, string>;
  subCategories: ReadonlyMap<number, string>;
}

type Entity = AuditEntry['entity'];
type Values = Record<string, unknown>;

const NO_NAMES: MenuNames = { categories: new Map(), subCategories: new Map() };

/** Each field as its form labels it (a choice's price is what it adds to the dish's). */
const LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  prep_minutes: 'Minutes to prepare',
  station: 'Station',
  allergens: 'Allergens',
  diets: 'Diets',
  tags: 'Tags',
  options: 'Options',
  hours: 'Hours',
  hidden: 'Hidden',
  image: 'Photo',
  cat_id: 'Category',
  category_id: 'Category',
  sub_cat_id: 'Sub-category',
  sub_category_id: 'Sub-category',
  available: 'Available',
};

/** A field this screen has no label for still reads as words, not as a column name ("price_cents" → "Price cents"). */
const labelOf = (entity: Entity, field: string) => {
  if (entity === 'choice' && field === 'price') return 'Adds to the price';
  // The dish form's switch is "Sold out", the choice's column "Available".
  if (entity !== 'choice' && field === 'available') return 'Sold out';
  const known = LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const money = (value: number) => formatMoney(fromCents(toCents(value)));
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function hoursText(value: unknown): string {
  if (!Array.isArray(value)) return 'whenever its section is served';
  return (value as { days?: number[]; from?: string; to?: string }[])
    .map(
      (window) =>
        `${(window.days ?? []).map((day) => DAY_NAMES[day - 1] ?? day).join(' ')} ${window.from}–${window.to}`,
    )
    .join('; ');
}

function optionsText(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return 'none';
  return (value as { name?: string; choices?: { name?: string }[] }[])
    .map((group) => `${group.name ?? ''} (${(group.choices ?? []).map((choice) => choice.name ?? '').join(', ')})`)
    .join('; ');
}

const shortText = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** One field's value as the manager reads it. */
function valueText(entity: Entity, field: string, value: unknown, names: MenuNames): string {
  if (value === undefined) return '—';
  switch (field) {
    case 'price':
      if (typeof value === 'number') return money(value);
      break;
    case 'price_cents':
      if (typeof value === 'number') return money(fromCents(value));
      break;
    case 'available':
      // Shown as the dish form's "Sold out" switch, which is its opposite.
      if (typeof value === 'boolean') return yesNo(entity === 'choice' ? value : !value);
      break;
    case 'cat_id':
    case 'category_id':
      if (typeof value === 'number') return names.categories.get(value) ?? `category #${value}`;
      break;
    case 'sub_cat_id':
    case 'sub_category_id':
      if (typeof value === 'number') return names.subCategories.get(value) ?? `sub-category #${value}`;
      break;
    case 'allergens':
      if (value === null) return 'not declared';
      return strings(value).join(', ') || 'none';
    case 'diets':
    case 'tags':
      return strings(value).join(', ') || 'none';
    case 'hours':
      return hoursText(value);
    case 'options':
      return shortText(optionsText(value));
    case 'station':
      return typeof value === 'string' ? value : entity === 'category' ? 'the kitchen' : 'its category’s';
    case 'image':
      return value === null ? 'none' : 'a photo';
    case 'description':
      if (value === null || value === '') return 'none';
      break;
  }
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return shortText(value);
  if (value === null) return 'none';
  return shortText(JSON.stringify(value));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A translation's name and description, each as the editor's "Name in Spanish". */
function translationChanges(before: unknown, after: unknown): string[] {
  const was = (before ?? {}) as Record<string, { name?: string; description?: string | null } | undefined>;
  const now = (after ?? {}) as typeof was;
  return [...new Set([...Object.keys(was), ...Object.keys(now)])].flatMap((language) =>
    (['name', 'description'] as const)
      .filter((part) => !same(was[language]?.[part] ?? null, now[language]?.[part] ?? null))
      .map((part) => {
        const text = (value: string | null | undefined) => (value ? shortText(value) : 'not translated');
        const label = `${part === 'name' ? 'Name' : 'Description'} in ${languageName(language)}`;
        return `${label}: ${text(was[language]?.[part])} → ${text(now[language]?.[part])}`;
      }),
  );
}

/** The fields that differ between before and after, as the manager reads them: "Price: $11.50 → $12.90". */
export function auditChanges(
  entry: Pick<AuditEntry, 'entity' | 'before' | 'after'>,
  names: MenuNames = NO_NAMES,
): string[] {
  if (entry.before === null) return [];
  const before = (entry.before ?? {}) as Values;
  const after = (entry.after ?? {}) as Values;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => field !== 'id' && !same(before[field], after[field]))
    .flatMap((field) => {
      if (field === 'translations') return translationChanges(before[field], after[field]);
      // Its place in the list: the numbers mean nothing to the manager.
      if (field === 'sort') return ['Moved in the list'];
      if (field === 'image' && before[field] && after[field]) return ['Photo: replaced'];
      const text = (value: unknown) => valueText(entry.entity, field, value, names);
      return [`${labelOf(entry.entity, field)}: ${text(before[field])} → ${text(after[field])}`];
    });
}
