// Text a person types for others to read (names, notes, reasons): the bidirectional controls taken out.

/**
 * Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C)
 * reorder what follows them on screen: "\u202Eecila" reads as "alice". Readers' screens set the direction of each
 * name and note themselves (`dir="auto"`, `<bdi>`), so the marks are never needed to show a text rightly.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
