// Names that look like other names: a word mixing alphabets whose letters pass for each other's.
import { describe, expect, it } from 'vitest';
import { wordMixingAlphabets } from '../../../src/domain/look-alike';

describe('wordMixingAlphabets', () => {
  it('names the word where a Cyrillic or Greek letter sits among Latin ones', () => {
    expect(wordMixingAlphabets('Tabl\u0435 4')).toBe('Tabl\u0435'); // Cyrillic е
    expect(wordMixingAlphabets('Window \u039fne')).toBe('\u039fne'); // Greek Ο
    expect(wordMixingAlphabets('Bar \u0441orner')).toBe('\u0441orner'); // Cyrillic с
  });

  it('accepts words wholly in one alphabet, however many alphabets the name has', () => {
    for (const name of [
      'Table 4',
      'Стол 4',
      'Τραπέζι 2',
      'Стол A1',
      'Terrasse – côté jardin',
      'テーブル席 3',
      'Table 4 (窓側)',
    ])
      expect(wordMixingAlphabets(name), name).toBeUndefined();
  });
});
