// The word a person most likely meant among a fixed few (a misspelt allergen, "peanut" for "peanuts"), or none.

/** Edits (insert, delete, replace a letter) between two words. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate nearest to `word` when it is near enough to be a slip: at most a third of its letters wrong, or the
 * start of the candidate ("soy" for "soybeans"); else undefined, so a word that means something else is not bent into
 * one of the candidates.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  const typed = word.trim().toLowerCase();
  if (typed === '') return undefined;
  let best: { candidate: string; edits: number } | undefined;
  for (const candidate of candidates) {
    const edits = candidate.startsWith(typed) && typed.length >= 3 ? 0.5 : distance(typed, candidate);
    if (!best || edits < best.edits) best = { candidate, edits };
  }
  return best && best.edits <= Math.max(1, Math.floor(typed.length / 3)) ? best.candidate : undefined;
}
