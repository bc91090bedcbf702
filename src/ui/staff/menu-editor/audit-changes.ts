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

interface ChoiceValues {
  id?: number;
  name?: string;
  price?: number;
  available?: boolean;
  allergens?: string[] | null;
  translations?: unknown;
}
interface GroupValues {
  id?: number;
  name?: string;
  min?: number;
  max?: number;
  choices?: ChoiceValues[];
  translations?: unknown;
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Pairs the old and new of a list by id (by name where one has none yet): what stayed, what went, what came. */
function pair<T extends { id?: number; name?: string }>(before: T[], after: T[]) {
  const keyOf = (item: T) => (item.id !== undefined ? `#${item.id}` : `:${item.name ?? ''}`);
  const was = new Map(before.map((item) => [keyOf(item), item]));
  const now = new Map(after.map((item) => [keyOf(item), item]));
  return {
    kept: after.filter((item) => was.has(keyOf(item))).map((item) => [was.get(keyOf(item))!, item] as const),
    removed: before.filter((item) => !now.has(keyOf(item))),
    added: after.filter((item) => !was.has(keyOf(item))),
    reordered: !same(
      before.map(keyOf).filter((key) => now.has(key)),
      after.map(keyOf).filter((key) => was.has(key)),
    ),
  };
}

const choiceWithPrice = (choice: ChoiceValues) =>
  `${choice.name ?? ''}${typeof choice.price === 'number' && choice.price > 0 ? ` (+${money(choice.price)})` : ''}`;

/** What changed in one choice: "price $1.20 → $2.75", "available yes → no", "renamed Olives → Black olives". */
function choiceChanges(was: ChoiceValues, now: ChoiceValues): string[] {
  const changes: string[] = [];
  if (was.name !== now.name) changes.push(`renamed ${was.name ?? ''} → ${now.name ?? ''}`);
  if (!same(was.price, now.price))
    changes.push(`price ${money(Number(was.price ?? 0))} → ${money(Number(now.price ?? 0))}`);
  if ((was.available ?? true) !== (now.available ?? true))
    changes.push(`available ${yesNo(was.available ?? true)} → ${yesNo(now.available ?? true)}`);
  if (!same(was.allergens, now.allergens)) {
    const text = (value: unknown) =>
      value === null || value === undefined ? 'not declared' : strings(value).join(', ') || 'none';
    changes.push(`allergens ${text(was.allergens)} → ${text(now.allergens)}`);
  }
  const lower = (line: string) => line.charAt(0).toLowerCase() + line.slice(1);
  changes.push(...translationChanges(was.translations, now.translations).map(lower));
  return changes;
}

/** A dish's options change, one line per group or choice: "Extra toppings › Fresh mushrooms: price $1.20 → $2.75". */
function optionChanges(before: unknown, after: unknown): string[] {
  const groups = pair(listOf<GroupValues>(before), listOf<GroupValues>(after));
  const lines: string[] = [];
  for (const group of groups.removed) lines.push(`Options: removed ${group.name ?? ''}`);
  for (const [was, now] of groups.kept) {
    const name = now.name ?? '';
    if (was.name !== now.name) lines.push(`Options: renamed ${was.name ?? ''} → ${name}`);
    if (was.min !== now.min) lines.push(`${name}: choose at least ${was.min ?? 0} → ${now.min ?? 0}`);
    if (was.max !== now.max) lines.push(`${name}: choose at most ${was.max ?? 0} → ${now.max ?? 0}`);
    lines.push(...translationChanges(was.translations, now.translations).map((line) => `${name}: ${line}`));
    const choices = pair(was.choices ?? [], now.choices ?? []);
    for (const choice of choices.removed) lines.push(`${name}: removed ${choice.name ?? ''}`);
    for (const [wasChoice, nowChoice] of choices.kept)
      for (const change of choiceChanges(wasChoice, nowChoice))
        lines.push(`${name} › ${nowChoice.name ?? ''}: ${change}`);
    for (const choice of choices.added) lines.push(`${name}: added ${choiceWithPrice(choice)}`);
    if (choices.reordered) lines.push(`${name}: choices moved in the list`);
  }
  for (const group of groups.added)
    lines.push(`Options: added ${group.name ?? ''} (${(group.choices ?? []).map(choiceWithPrice).join(', ')})`);
  if (groups.reordered) lines.push('Options: moved in the list');
  return lines;
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
      if (field === 'options' && entry.entity !== 'choice') return optionChanges(before[field], after[field]);
      // Its place in the list: the numbers mean nothing to the manager.
      if (field === 'sort') return ['Moved in the list'];
      if (field === 'image' && before[field] && after[field]) return ['Photo: replaced'];
      const text = (value: unknown) => valueText(entry.entity, field, value, names);
      return [`${labelOf(entry.entity, field)}: ${text(before[field])} → ${text(after[field])}`];
    });
}
