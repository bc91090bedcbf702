// The guest's messages: Lingui's runtime, each language's catalog in two chunks loaded on demand (the first screen's
// during the splash, the rest with any other screen, src/ui/lazy-screen.tsx), `t()` to read a message,
// and the page's `lang` and `dir` following the language.
import { i18n } from '@lingui/core';
import { ALLERGENS } from '../../../contract/guest';
import { currentLanguage, type Language } from '../../device/language';
import { formatList } from '../format';
import { applyBootLanguage } from './boot-messages';
import { catalogs, type CatalogPart } from './catalog-chunks';
import type englishCatalog from './catalogs/en.json';

/** Every message id: the English catalog is the reference (a unit test checks the others have them all). */
export type MessageId = keyof typeof englishCatalog;

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Loads one part of a language's catalog, once; a failure is forgotten so that the next call tries again. */
function loadPart(language: Language, part: CatalogPart): Promise<void> {
  const key = `${language}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done = catalogs[language][part]().then(
      ({ default: messages }) => {
        i18n.load(language, messages);
        loaded.add(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, done);
  }
  return done;
}

/** Once anything past the first screen has asked for its messages, a new language brings them all at once. */
let laterWanted = false;

/** Loads the language's messages (once) and makes them the ones every message comes from. */
export async function activateLanguage(language: Language): Promise<void> {
  await Promise.all([loadPart(language, 'first'), ...(laterWanted ? [loadPart(language, 'later')] : [])]);
  applyBootLanguage(language);
  i18n.activate(language);
}

/**
 * The messages past the menu's first screen, in the current language: every screen or piece loaded on demand waits for
 * them with its code (src/ui/lazy-screen.tsx).
 */
export function loadLaterMessages(): Promise<void> {
  laterWanted = true;
  return loadPart(currentLanguage(), 'later');
}

/** A message in the current language; values fill its `{placeholders}` (ICU MessageFormat: plurals, selects). */
export function t(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

export { currentLanguage, i18n };

/** Allergens by their contract names, in the guest's words; one the app does not know reads as sent. */
export function allergenList(allergens: readonly string[]): string {
  const known = new Set<string>(ALLERGENS);
  return formatList(
    allergens.map((allergen) => (known.has(allergen) ? t(`allergen.${allergen}` as MessageId) : allergen)),
  );
}
