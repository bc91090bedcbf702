// The spec's price rule, case by case, and the cart figures it feeds for any stored text at all.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine } from '../../../src/machines/cart.machine';
import { normalisePrice, unitPriceWithChoices } from '../../../src/domain/price';

describe('normalisePrice', () => {
  it.each([
    [12.5, 12.5],
    [0, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [Number.NEGATIVE_INFINITY, 0],
    [-3, 0],
    [-0.01, 0],
    ['12.50', 12.5],
    ['$12.50', 12.5],
    ['$1,234.50', 1234.5],
    ['-3', 3],
    ['12.5.3', 0],
    ['', 0],
    ['.', 0],
    ['abc', 0],
    ['€ 7', 7],
    ['  9.99 USD ', 9.99],
    [null, 0],
    [undefined, 0],
    [{}, 0],
    [[], 0],
    [true, 0],
  ])('reads %j as %j', (input, expected) => {
    expect(normalisePrice(input)).toBe(expected);
  });
});

describe('cart figures from whatever is stored under order_items', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    localStorage.clear();
  });

  const figuresFor = (stored: string) => {
    localStorage.setItem('order_items', stored);
    const actor = createActor(cartMachine).start();
    actor.send({ type: 'cart.updatePotentialSpend' });
    actor.send({ type: 'cart.updateCartCount' });
    const { potentialSpend, cartCount } = actor.getSnapshot().context;
    actor.stop();
    return { potentialSpend, cartCount };
  };

  const isSound = ({ potentialSpend, cartCount }: { potentialSpend: number; cartCount: number }) =>
    Number.isFinite(potentialSpend) && potentialSpend >= 0 && Number.isInteger(cartCount) && cartCount >= 0;

  it('are finite and never negative for any string, and nothing throws', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (stored) => isSound(figuresFor(stored))));
  });

  it('are finite and never negative for any JSON value, including huge and negative prices', () => {
    const price = fc.oneof(fc.double(), fc.string(), fc.constant(null), fc.integer(), fc.constant(Number.MAX_VALUE));
    const entry = fc.oneof(fc.record({ price }), fc.jsonValue());
    fc.assert(
      fc.property(fc.oneof(fc.array(entry), fc.jsonValue()), (value) => isSound(figuresFor(JSON.stringify(value)))),
    );
  });

  it('stay finite and non-negative whatever choices an entry carries, which never add to its price', () => {
    // An entry's price already includes its choices (contract "Dish options"): choices, sound or not, add nothing.
    const choicePrice = fc.oneof(fc.double(), fc.string(), fc.constant(null), fc.constant(Number.MAX_VALUE));
    const choice = fc.oneof(fc.record({ id: fc.integer(), name: fc.string(), price: choicePrice }), fc.jsonValue());
    const choices = fc.oneof(fc.array(choice), fc.jsonValue());
    const entry = fc.record({
      menu_id: fc.integer({ min: 1, max: 100 }),
      price: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.double(), fc.string()),
      choices,
    });
    fc.assert(
      fc.property(fc.array(entry), (entries) => {
        const figures = figuresFor(JSON.stringify(entries));
        const expected = entries.reduce<number>((sum, { price }) => sum + normalisePrice(price), 0);
        // Past everyday sums the figure may be capped or rounded; below them it is exactly the entries' prices.
        return isSound(figures) && (expected > 1e9 || Math.abs(figures.potentialSpend - expected) < 1e-6);
      }),
    );
  });

  it('count every entry and sum normalised prices for a readable list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom('$1.50', '2', 'free'))),
        (prices) => {
          const figures = figuresFor(JSON.stringify(prices.map((price) => ({ price }))));
          const expected = prices.reduce<number>((sum, price) => sum + normalisePrice(price), 0);
          return figures.cartCount === prices.length && Math.abs(figures.potentialSpend - expected) < 1e-6;
        },
      ),
    );
  });
});

describe('a line’s unit price with its choices', () => {
  it('is the dish’s price by the price rule plus every surcharge, in whole cents with no float noise', () => {
    expect(unitPriceWithChoices(11.5, [])).toBe(1150);
    expect(unitPriceWithChoices('$12.90', [{ price: 2.5 }, { price: 1.1 }, { price: 0 }])).toBe(1650);
    // 0.1 + 0.2 would be 0.30000000000000004 in floats.
    expect(unitPriceWithChoices(0.1, [{ price: 0.2 }])).toBe(30);
  });
});
