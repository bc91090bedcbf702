// Every message id exists in every catalog, with the same placeholders, and every message compiles.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/device/language';
import { partOf } from '../../../src/ui/i18n/catalog-parts';

// The test runs from the project's root (jsdom gives modules an http: URL, so no import.meta.url here).
const dir = join(process.cwd(), 'src/ui/i18n/catalogs');
const read = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8'));
const english = read('en');

/** The `{name}` arguments a message uses (plural and select arguments included), not the words inside them. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

describe('message catalogs', () => {
  it('has one catalog per language, and no other', () => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every message id, and no id English lacks', (language) => {
    const catalog = read(language);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const message of Object.values(catalog)) expect(message.trim()).not.toBe('');
  });

  it.each(LANGUAGES)('%s fills the same placeholders as English, and every message compiles', (language) => {
    const catalog = read(language);
    for (const [id, message] of Object.entries(catalog)) {
      expect({ id, args: argumentsOf(message) }).toEqual({ id, args: argumentsOf(english[id]!) });
      expect(() => compileMessage(message)).not.toThrow();
    }
  });

  it('splits each catalog in two: the menu’s first screen (loaded during the splash) and the rest (loaded after)', () => {
    const first = Object.keys(english).filter((id) => partOf(id) === 'first');
    const later = Object.keys(english).filter((id) => partOf(id) === 'later');
    // The header, the menu, its cards, its search box and the filter's summary come first…
    for (const id of [
      'shell.skip',
      'cart.badge',
      'pos.title',
      'card.add',
      'search.label',
      'filter.summary',
      'error.fetch',
    ])
      expect(first).toContain(id);
    // …the cart, checkout, orders, the table's bill and the menu's dialogs after.
    for (const id of [
      'cart.title',
      'checkout.place',
      'dish.loading',
      'options.none',
      'search.nothing',
      'tableBill.title',
    ])
      expect(later).toContain(id);
    expect(first.length).toBeLessThan(later.length);
  });
});
