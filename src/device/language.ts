// The guest's language on this device: which languages exist, which one is chosen now, and the first choice at boot.
// Kept free of zod (only `storageArea`, not the device store), since the entry chunk reads it before the splash.
import { storageArea } from './storage-area';

export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The restaurant's own language: what the kitchen reads, and the default. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage key; written as plain text through the device store (`language-store.ts`). */
export const LANGUAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the browser's languages we have (`es-ES` → `es`), else the default. */
export function languageFromBrowser(preferred: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** What the device remembers, else what the browser prefers. */
export function bootLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = storageArea('local')?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isLanguage(stored) ? stored : languageFromBrowser();
}

let current: Language = DEFAULT_LANGUAGE;

/** The language the guest reads now; menu calls ask the provider for it. */
export const currentLanguage = (): Language => current;

export function setCurrentLanguage(language: Language): void {
  current = language;
}
