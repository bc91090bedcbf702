// Where each language's catalog parts are loaded from: two chunks per language, none on the entry path; the early script
// (src/early.ts) asks for the guest's first part before the app's code has arrived.
import type { Messages } from '@lingui/core';
import type { Language } from '../../device/language';

/**
 * `first`: the messages the menu's first screen names, found by the build in its modules (scripts/message-split.ts);
 * `later`: all the others, which every screen loaded on demand brings with its code (src/ui/lazy-screen.tsx).
 */
export type CatalogPart = 'first' | 'later';

type Catalog = () => Promise<{ default: Messages }>;

export const catalogs: Record<Language, Record<CatalogPart, Catalog>> = {
  en: { first: () => import('./catalogs/en.json?part=first'), later: () => import('./catalogs/en.json?part=later') },
  es: { first: () => import('./catalogs/es.json?part=first'), later: () => import('./catalogs/es.json?part=later') },
  ar: { first: () => import('./catalogs/ar.json?part=first'), later: () => import('./catalogs/ar.json?part=later') },
};
