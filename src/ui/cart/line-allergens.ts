// Whether a cart line holds an allergen the guest asked to hide, in words for its warning.
import type { Allergen } from '../../../contract/guest';
import type { CartLine } from '../../domain/cart-lines';
import { hiddenAllergensIn } from '../dish-filter/dish-filter';
import type { CachedDish } from './use-cached-dishes';
import { allergenList, t } from '../i18n/i18n';

/**
 * The warning for a line under an allergen filter: what it contains of the hidden ones (the dish's own and its chosen
 * options'), or that its allergens are not declared. Undefined when the filter is off, the dish is clear, or the dish
 * is not in this device's menu cache (nothing is claimed either way).
 */
export function lineAllergenWarning(
  line: CartLine,
  dish: CachedDish | undefined,
  hide: readonly Allergen[],
): string | undefined {
  if (hide.length === 0 || !dish) return undefined;
  const found = new Set(hiddenAllergensIn(dish.allergens, hide));
  for (const choice of line.choices)
    for (const allergen of hiddenAllergensIn(dish.choiceAllergens[choice.id], hide)) found.add(allergen);
  if (found.size > 0) {
    const list = hide.filter((allergen) => found.has(allergen));
    return t('line.avoid', { list: allergenList(list) });
  }
  if (dish.allergens === null || dish.allergens === undefined) return t('allergens.undeclared');
  return undefined;
}
