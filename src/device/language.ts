// The guest's language on this device: which languages exist, which one is chosen now, and the first choice at boot.
// Kept free of zod (only `storageArea`, not the device store), since the entry chunk reads it before the splash.
import { storageArea } from './storage-area';

export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The restaurant's own language until its profile says otherwise: what the kitchen reads, and the default. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage key; written as plain text through the device store (`language-store.ts`). */
export const LANGUAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the browser's languages among `available` (`es-ES` → `es`), else the first available. */
export function languageFromBrowser(
  preferred: readonly string[] = globalThis.navigator?.languages ?? [],
  available: readonly Language[] = LANGUAGES,
): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (available.includes(base as Language)) return base as Language;
  }
  return available[0] ?? DEFAULT_LANGUAGE;
}

/**
 * What the device remembers, else what the browser prefers, among the languages the restaurant offers (all the app
 * has until its profile is known; the first is the restaurant's own, the default).
 */
export function bootLanguage(available: readonly Language[] = LANGUAGES): Language {
  let stored: string | null = null;
  try {
    stored = storageArea('local')?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isLanguage(stored) && available.includes(stored) ? stored : languageFromBrowser(undefined, available);
}

let current: Language = DEFAULT_LANGUAGE;

/** The language the guest reads now; menu calls ask the provider for it. */
export const currentLanguage = (): Language => current;

export function setCurrentLanguage(language: Language): void {
  current = language;
}
