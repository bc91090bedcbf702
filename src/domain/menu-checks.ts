// Claims on a dish that its own declarations contradict ("vegan" with milk declared), for the import and the editor.

export interface CheckedChoice {
  name: string;
  allergens?: readonly string[] | null | undefined;
}

export interface CheckedDish {
  /** The diet tags it claims: vegetarian, vegan, gluten-free (other tags are ignored). */
  diets: readonly string[];
  /** `null` or absent: not declared. */
  allergens?: readonly string[] | null | undefined;
  options?: readonly { name: string; choices: readonly CheckedChoice[] }[] | undefined;
}

export interface Contradiction {
  /** The dish's field it concerns: `allergens`, `diets`, or `options.0.choices.2`. */
  field: string;
  message: string;
  /**
   * It could hurt a guest who trusts the claim (a coeliac ordering "gluten-free"): an import waits until someone
   * acknowledges it. Choices a guest picks by name are not blocking: the guest sees what they add (and a choice that
   * declares gluten on a gluten-free dish is no contradiction at all: the guest is told before choosing it).
   */
  blocking: boolean;
}

const ANIMAL = ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'];
const SEA = ['fish', 'crustaceans', 'molluscs'];
// Names of meat and fish in the restaurant's own words; a hint only, so it never blocks.
const MEAT =
  /\b(beef|pork|ham|bacon|chicken|lamb|veal|duck|turkey|salami|chorizo|prosciutto|pancetta|guanciale|sausage|pepperoni|anchov(y|ies)|tuna|salmon|prawns?|shrimps?|lobster)\b/i;

const listOf = (values: readonly string[]) => values.join(', ');

export function dietContradictions(dish: CheckedDish): Contradiction[] {
  const found: Contradiction[] = [];
  const diets = new Set(dish.diets);
  const allergens = dish.allergens ?? null;
  const vegan = diets.has('vegan');
  const vegetarian = vegan || diets.has('vegetarian');

  if (diets.has('gluten-free')) {
    if (allergens === null) {
      found.push({
        field: 'allergens',
        message:
          'is tagged gluten-free but declares no allergens: declare them (none is an empty list) or drop the tag',
        blocking: true,
      });
    } else if (allergens.includes('gluten')) {
      found.push({ field: 'diets', message: 'is tagged gluten-free but declares gluten', blocking: true });
    }
  }
  const animal = (allergens ?? []).filter((allergen) => (vegan ? ANIMAL : SEA).includes(allergen));
  if (vegetarian && animal.length > 0) {
    found.push({
      field: 'diets',
      message: `is tagged ${vegan ? 'vegan' : 'vegetarian'} but declares ${listOf(animal)}`,
      blocking: true,
    });
  }

  // A vegetarian pizza offering salami as an extra is an ordinary add-on a guest asks for by name; a vegan dish
  // offering mozzarella reads as a mistake in the menu, so only that is pointed out.
  if (!vegan) return found;
  dish.options?.forEach((group, g) =>
    group.choices.forEach((choice, c) => {
      const animalChoice = (choice.allergens ?? []).filter((allergen) => ANIMAL.includes(allergen));
      if (animalChoice.length > 0 || MEAT.test(choice.name)) {
        const what = animalChoice.length > 0 ? listOf(animalChoice) : 'meat or fish';
        found.push({
          field: `options.${g}.choices.${c}`,
          message: `is tagged vegan but offers “${choice.name}” (${what})`,
          blocking: false,
        });
      }
    }),
  );
  return found;
}
