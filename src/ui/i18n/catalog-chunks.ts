// Where each language's catalog parts are loaded from: two chunks per language (see catalog-parts.ts), none on the entry
// path; the early script (src/early.ts) asks for the guest's first part before the app's code has arrived.
import type { Messages } from '@lingui/core';
import type { Language } from '../../device/language';
import type { CatalogPart } from './catalog-parts';

type Catalog = () => Promise<{ default: Messages }>;

export const catalogs: Record<Language, Record<CatalogPart, Catalog>> = {
  en: { first: () => import('./catalogs/en.json?part=first'), later: () => import('./catalogs/en.json?part=later') },
  es: { first: () => import('./catalogs/es.json?part=first'), later: () => import('./catalogs/es.json?part=later') },
  ar: { first: () => import('./catalogs/ar.json?part=first'), later: () => import('./catalogs/ar.json?part=later') },
};
