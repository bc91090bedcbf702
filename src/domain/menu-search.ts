// Menu search: which dishes a guest's words find, and in what order (where the words match says how good a match is).

/** "Crème brûlée" and "creme brulee" read the same. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/** A dish's searchable texts, folded with foldText. */
export interface SearchableDish {
  name: string;
  section: string;
  /** Description and tags. */
  details: string;
  category: string;
}

/** The better the place a word is found, the higher: the dish's name, its section, then its description and tags. */
const PLACE_WEIGHTS = [
  ['name', 100],
  ['section', 10],
  ['details', 1],
] as const;

/** The dish's score for the words, or -1 when a word is nowhere in it. */
function scoreOf(dish: SearchableDish, words: readonly string[], withCategory: boolean): number {
  let total = 0;
  for (const word of words) {
    const place = PLACE_WEIGHTS.find(([field]) => dish[field].includes(word));
    if (place) total += place[1];
    else if (!withCategory || !dish.category.includes(word)) return -1;
  }
  return total;
}

/**
 * The dishes holding every word, best first: words in the name before words in the section, before words only in
 * the description or tags; ties keep the menu's order. The category's name ("Pizza & Pasta") is a last resort, used
 * only when no dish matches without it, so that "pizza" does not bring the pasta that shares its category.
 */
export function rankBySearch<T>(items: readonly T[], query: string, searchable: (item: T) => SearchableDish): T[] {
  const words = searchWords(query);
  if (words.length === 0) return [...items];
  const dishes = items.map(searchable);
  const rank = (withCategory: boolean) =>
    items
      .map((item, index) => ({ item, index, score: scoreOf(dishes[index]!, words, withCategory) }))
      .filter(({ score }) => score >= 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map(({ item }) => item);
  const precise = rank(false);
  return precise.length > 0 ? precise : rank(true);
}
