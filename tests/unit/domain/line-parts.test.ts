// Cutting a dish's quantity into order lines of at most 20 units.
import { describe, expect, it } from 'vitest';
import { lineParts } from '../../../src/domain/line-parts';

describe('lineParts', () => {
  it('keeps a quantity that fits one line whole', () => {
    expect(lineParts(1, 20)).toEqual([1]);
    expect(lineParts(20, 20)).toEqual([20]);
  });

  it('fills lines of the limit first and puts the rest last', () => {
    expect(lineParts(21, 20)).toEqual([20, 1]);
    expect(lineParts(45, 20)).toEqual([20, 20, 5]);
  });

  it('has no line for nothing', () => {
    expect(lineParts(0, 20)).toEqual([]);
  });
});
