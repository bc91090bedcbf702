// The kitchen's path and the money rules, as the app, the fake provider and the real one all read them.
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../../src/domain/money';
import {
  ADVANCING_STATUSES,
  canAddLines,
  canRemoveLines,
  nextStatus,
  ORDER_STATUSES,
} from '../../../src/domain/order-status';
import { priceToCents } from '../../../src/domain/price';

describe('the kitchen path', () => {
  it('moves received → preparing → ready → served, and nowhere from served or cancelled', () => {
    expect(ORDER_STATUSES.map((status) => [status, nextStatus(status)])).toEqual([
      ['received', 'preparing'],
      ['preparing', 'ready'],
      ['ready', 'served'],
      ['served', undefined],
      ['cancelled', undefined],
    ]);
    expect(ADVANCING_STATUSES).toEqual(['received', 'preparing', 'ready']);
  });

  it('takes new lines until the food is ready, and removals only before the kitchen starts', () => {
    expect(ORDER_STATUSES.filter(canAddLines)).toEqual(['received', 'preparing']);
    expect(ORDER_STATUSES.filter(canRemoveLines)).toEqual(['received']);
  });
});

describe('money in cents', () => {
  it.each([
    [12.5, 1250],
    ['$1,234.50', 123450],
    ['-3', 300],
    [-3, 0],
    ['abc', 0],
    [0.1 + 0.2, 30],
  ])('prices %j at %i cents', (price, cents) => {
    expect(priceToCents(price)).toBe(cents);
  });

  it('sums in cents without drift', () => {
    expect(fromCents([0.1, 0.2, 0.7].map(toCents).reduce((sum, cents) => sum + cents, 0))).toBe(1);
  });
});
