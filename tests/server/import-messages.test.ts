// What an import says of a file it cannot read: a broken .json file as JSON (where the parser stopped), and a
// MenuDocument's schema problems in the menu's words, each by the entity it is in and its field.
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../server/api/provider-error';
import { ImportUnreadable, parseImport } from '../../server/menu/menu-parsing';

const noQuery = new URLSearchParams();

function refusal(type: string, text: string) {
  try {
    parseImport(type, text, noQuery);
  } catch (error) {
    return error;
  }
  throw new Error('the import was read');
}

function errorsOf(document: unknown) {
  const error = refusal('application/json', JSON.stringify(document));
  if (!(error instanceof ImportUnreadable)) throw error;
  return error.errors;
}

const dish = { name: 'Caesar Salad', description: '', price: 9.5, allergens: ['milk'] };
const documentWith = (item: Record<string, unknown>, sub: Record<string, unknown> = {}) => ({
  version: 1,
  categories: [{ name: 'Starters', sub_categories: [{ name: 'Salads', items: [{ ...dish, ...item }], ...sub }] }],
});

describe('a JSON file that does not parse', () => {
  it('is answered as JSON, saying where the parser stopped', () => {
    const error = refusal('application/json', '{\n  "version": 1,\n}');
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(400);
    expect((error as ProviderError).message).toBe(
      'This file is not valid JSON: Expected double-quoted property name at line 3, column 1.',
    );
    expect((refusal('application/json', 'not json{') as ProviderError).message).toBe(
      "This file is not valid JSON: Unexpected token 'o'.",
    );
  });
});

describe('a MenuDocument’s problems', () => {
  it('name an allergen that is not one of the 14 by its value, with the one most likely meant', () => {
    expect(errorsOf(documentWith({ allergens: ['milk', 'peanut'] }))).toEqual([
      {
        path: 'categories.0.sub_categories.0.items.0',
        field: 'allergens',
        message: '“peanut” is not one of the 14 allergens; did you mean “peanuts”?',
      },
    ]);
    expect(errorsOf(documentWith({ allergens: ['chocolate'] }))[0]?.message).toBe(
      '“chocolate” is not one of the 14 allergens (gluten, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs)',
    );
  });

  it('say what is missing, too short or long, too small or big, or of the wrong kind, in plain words', () => {
    const messages = (item: Record<string, unknown>) =>
      errorsOf(documentWith(item)).map((problem) => `${problem.field}: ${problem.message}`);
    expect(messages({ name: '' })).toEqual(['name: may not be empty']);
    expect(messages({ name: 'x'.repeat(130) })).toEqual(['name: at most 120 characters (this has 130)']);
    expect(messages({ price: '12 €' })).toEqual(['price: should be a number, not text (“12 €”)']);
    expect(messages({ prep_minutes: 999 })).toEqual(['prep_minutes: at most 240, not 999']);
    expect(messages({ diets: ['keto'] })).toEqual(['diets: “keto” is not one of: vegetarian, vegan, gluten-free']);
    const { name: _name, ...unnamed } = dish;
    expect(
      errorsOf({ version: 1, categories: [{ name: 'Starters', sub_categories: [{ name: 'S', items: [unnamed] }] }] }),
    ).toEqual([{ path: 'categories.0.sub_categories.0.items.0', field: 'name', message: 'missing: it is required' }]);
  });
});
