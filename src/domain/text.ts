// Text a person types for others to read (names, notes, reasons): the bidirectional controls taken out, look-alike alphabets found.

/**
 * Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C)
 * reorder what follows them on screen: "\u202Eecila" reads as "alice". Readers' screens set the direction of each
 * name and note themselves (`dir="auto"`, `<bdi>`), so the marks are never needed to show a text rightly.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

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
