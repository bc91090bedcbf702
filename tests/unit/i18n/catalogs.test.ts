// Every message id exists in every catalog, with the same placeholders, and every message compiles.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/device/language';

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
});
