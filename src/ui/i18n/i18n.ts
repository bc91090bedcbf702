// The guest's messages: Lingui's runtime, one catalog chunk per language loaded on demand (during the splash for
// the first), `t()` to read a message, and the page's `lang` and `dir` following the language.
import { i18n, type Messages } from '@lingui/core';
import { setErrorWording } from '../../api/errors';
import { ALLERGENS } from '../../api/schemas';
import { currentLanguage, type Language } from '../../device/language';
import { formatList } from '../format';
import { applyBootLanguage } from './boot-messages';
import type englishCatalog from './catalogs/en.json';

/** Every message id: the English catalog is the reference (a unit test checks the others have them all). */
export type MessageId = keyof typeof englishCatalog;

// One chunk per language; none of them on the entry path.
const catalogs: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('./catalogs/en.json'),
  es: () => import('./catalogs/es.json'),
  ar: () => import('./catalogs/ar.json'),
};

const loaded = new Set<Language>();

/** Loads the language's catalog (once) and makes it the one every message comes from. */
export async function activateLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    const { default: messages } = await catalogs[language]();
    i18n.load(language, messages);
    loaded.add(language);
  }
  applyBootLanguage(language);
  i18n.activate(language);
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

// Errors the api layer describes read in the guest's language too.
setErrorWording((kind) => t(`error.${kind}`));
