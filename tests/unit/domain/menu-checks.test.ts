// Diet claims a dish's own declarations contradict: what blocks an import, what only warns, and the demo menu clean.
import { describe, expect, it } from 'vitest';
import { DIETS } from '../../../contract/menu-admin';
import { dietContradictions } from '../../../src/domain/menu-checks';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';

describe('dietContradictions', () => {
  it('blocks "gluten-free" with gluten declared, or with nothing declared', () => {
    expect(dietContradictions({ diets: ['gluten-free'], allergens: ['gluten'] })).toEqual([
      expect.objectContaining({ field: 'diets', blocking: true }),
    ]);
    expect(dietContradictions({ diets: ['gluten-free'], allergens: null })).toEqual([
      expect.objectContaining({ field: 'allergens', blocking: true }),
    ]);
    expect(dietContradictions({ diets: ['gluten-free'], allergens: [] })).toEqual([]);
  });

  it('blocks "vegan" with milk or eggs declared, and "vegetarian" with fish', () => {
    expect(dietContradictions({ diets: ['vegan'], allergens: ['milk'] })[0]).toMatchObject({ blocking: true });
    expect(dietContradictions({ diets: ['vegetarian'], allergens: ['milk', 'eggs'] })).toEqual([]);
    expect(dietContradictions({ diets: ['vegetarian'], allergens: ['fish'] })[0]).toMatchObject({ blocking: true });
  });

  it('warns, without blocking, of a vegan dish offering a dairy or a meat choice', () => {
    const found = dietContradictions({
      diets: ['vegan'],
      allergens: ['gluten'],
      options: [
        {
          name: 'Extra toppings',
          choices: [{ name: 'Extra mozzarella', allergens: ['milk'] }, { name: 'Mushrooms' }, { name: 'Spicy salami' }],
        },
      ],
    });
    expect(found).toEqual([
      expect.objectContaining({ field: 'options.0.choices.0', blocking: false }),
      expect.objectContaining({ field: 'options.0.choices.2', blocking: false }),
    ]);
    expect(found[1]?.message).toMatch(/Spicy salami/);
  });

  it('finds nothing to say about the demo restaurant', () => {
    const found = demoRestaurant.menuItems.flatMap((item) =>
      dietContradictions({
        diets: item.tags.filter((tag) => (DIETS as readonly string[]).includes(tag)),
        allergens: item.allergens,
        options: item.options,
      }).map((problem) => `${item.name}: ${problem.message}`),
    );
    expect(found).toEqual([]);
  });
});
