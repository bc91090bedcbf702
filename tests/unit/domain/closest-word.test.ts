// The allergen a person most likely meant by a word that is not one of the 14, and none for a word meaning something else.
import { describe, expect, it } from 'vitest';
import { ALLERGENS } from '../../../contract/guest';
import { closestWord } from '../../../src/domain/closest-word';

describe('closestWord', () => {
  it('finds the allergen meant by a slip or a short form', () => {
    expect(closestWord('peanut', ALLERGENS)).toBe('peanuts');
    expect(closestWord('Sulfites', ALLERGENS)).toBe('sulphites');
    expect(closestWord('egg', ALLERGENS)).toBe('eggs');
    expect(closestWord('soy', ALLERGENS)).toBe('soybeans');
    expect(closestWord('mollusks', ALLERGENS)).toBe('molluscs');
  });

  it('suggests nothing for a word that is none of them', () => {
    expect(closestWord('chocolate', ALLERGENS)).toBeUndefined();
    expect(closestWord('x', ALLERGENS)).toBeUndefined();
    expect(closestWord('', ALLERGENS)).toBeUndefined();
  });
});
