// Contract "Languages": which of the restaurant's translations answers a request, from its Accept-Language.
import type { Queryable } from '../db/database';

/** The restaurant's own language: what it answers without a translation, and what the kitchen always reads. */
export const RESTAURANT_LANGUAGE = 'en';

interface Wanted {
  language: string;
  q: number;
  order: number;
}

/** The header's languages by preference (q, then order), as lower-case primary tags (`es-ES` → `es`); `*` kept. */
export function wantedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const wanted: Wanted[] = [];
  header.split(',').forEach((part, order) => {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!/^([a-z]{2,3}|\*)$/.test(language)) return;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q) && q > 0) wanted.push({ language, q, order });
  });
  return wanted.sort((a, b) => b.q - a.q || a.order - b.order).map((entry) => entry.language);
}

/**
 * The language to answer in: the first wanted one the restaurant has translations in, or its own (when it comes
 * first, or nothing wanted is available).
 */
export async function menuLanguage(db: Queryable, header: string | undefined): Promise<string> {
  const wanted = wantedLanguages(header);
  if (wanted.length === 0) return RESTAURANT_LANGUAGE;
  const rows = await db.query<{ language: string }>('SELECT DISTINCT language FROM translations');
  const available = new Set(rows.map((row) => row.language));
  for (const language of wanted) {
    if (language === RESTAURANT_LANGUAGE || language === '*') return RESTAURANT_LANGUAGE;
    if (available.has(language)) return language;
  }
  return RESTAURANT_LANGUAGE;
}
