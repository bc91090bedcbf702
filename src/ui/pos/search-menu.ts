// Matching dishes to what the guest types, with the menu's section and category names; the ranking rule is the domain's.
import type { MenuItem } from '../../../contract/guest';
import { foldText, rankBySearch, searchWords } from '../../domain/menu-search';

// Folding every dish on every keystroke would cost more than the matching itself; answers are immutable, so cache by item.
const folded = new WeakMap<MenuItem, { name: string; details: string }>();

function textsOf(item: MenuItem): { name: string; details: string } {
  let texts = folded.get(item);
  if (texts === undefined) {
    texts = { name: foldText(item.name), details: foldText(`${item.description}\n${item.tags.join('\n')}`) };
    folded.set(item, texts);
  }
  return texts;
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
  if (searchWords(query).length === 0) return [...items];
  const categories = foldAll(names.categories, (name) => name);
  const sections = foldAll(names.sections, (section) => section.name);
  return rankBySearch(items, query, (item) => ({
    ...textsOf(item),
    section: sections.get(item.sub_cat_id) ?? '',
    category: categories.get(item.cat_id) ?? '',
  }));
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
