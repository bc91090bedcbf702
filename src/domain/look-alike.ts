// Names that would pass for other names: a word whose letters come from two alphabets that look alike.
/**
 * Alphabets whose letters pass for one another: "Tablе 4" with a Cyrillic "е" reads as "Table 4" on a card and a
 * printed code. A word wholly in one of them ("Стол", "Τραπέζι") is a name like any other; a word mixing two is a
 * look-alike of some other name. Scripts outside this list (Han, kana, Arabic…) are not confused with these.
 */
const LOOK_ALIKE_ALPHABETS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee'].map(
  (script) => new RegExp(`\\p{Script=${script}}`, 'u'),
);

/** The first word of `text` whose letters come from two alphabets that look alike, if any. */
export function wordMixingAlphabets(text: string): string | undefined {
  return text.split(/\s+/u).find((word) => LOOK_ALIKE_ALPHABETS.filter((alphabet) => alphabet.test(word)).length > 1);
}
