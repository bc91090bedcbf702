// Matching dishes to what the guest types: every word must appear in the dish's name, description or tags, or in the
// name of its section or category ("pizza", "soups", "coffee"), ignoring case and accents.
import type { MenuItem } from '../../../contract/guest';

/** "Crème brûlée" and "creme brulee" read the same. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

// Folding every dish on every keystroke would cost more than the matching itself; answers are immutable, so cache by item.
const folded = new WeakMap<MenuItem, string>();

function haystack(item: MenuItem): string {
  let text = folded.get(item);
  if (text === undefined) {
    text = foldText(`${item.name}\n${item.description}\n${item.tags.join('\n')}`);
    folded.set(item, text);
  }
  return text;
}

export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/** The names of the menu's categories and sections, by id, as far as they are known. */
export interface MenuNames {
  categories: ReadonlyMap<number, string>;
  sections: ReadonlyMap<number, { name: string; categoryId: number }>;
}

const NO_NAMES: MenuNames = { categories: new Map(), sections: new Map() };

const foldAll = <T>(names: ReadonlyMap<number, T>, nameOf: (value: T) => string) =>
  new Map([...names].map(([id, value]) => [id, foldText(nameOf(value))] as const));

export function matchDishes(items: readonly MenuItem[], query: string, names: MenuNames = NO_NAMES): MenuItem[] {
  const words = searchWords(query);
  if (words.length === 0) return [...items];
  const categories = foldAll(names.categories, (name) => name);
  const sections = foldAll(names.sections, (section) => section.name);
  return items.filter((item) => {
    const text = `${haystack(item)}\n${sections.get(item.sub_cat_id) ?? ''}\n${categories.get(item.cat_id) ?? ''}`;
    return words.every((word) => text.includes(word));
  });
}

/** A category or section whose name holds every word of the query: what the guest was probably looking for. */
export function matchPlace(
  query: string,
  names: MenuNames,
): { name: string; category_id: number; sub_cat_id?: number } | undefined {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  const holds = (name: string) => words.every((word) => foldText(name).includes(word));
  for (const [id, section] of names.sections)
    if (holds(section.name)) return { name: section.name, category_id: section.categoryId, sub_cat_id: id };
  for (const [id, name] of names.categories) if (holds(name)) return { name, category_id: id };
  return undefined;
}
