// Matching dishes to what the guest types: every word must appear in the name or description, ignoring case and accents.
import type { MenuItem } from '../../api/schemas';

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
    text = foldText(`${item.name}\n${item.description}`);
    folded.set(item, text);
  }
  return text;
}

export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

export function matchDishes(items: readonly MenuItem[], query: string): MenuItem[] {
  const words = searchWords(query);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = haystack(item);
    return words.every((word) => text.includes(word));
  });
}
