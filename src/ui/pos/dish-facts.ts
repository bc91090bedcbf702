// What a dish card and the dish dialog both say about a dish: whether it needs a choice, and its allergens in words.
import type { MenuItem, OptionGroup } from '../../../contract/guest';
import { allergenList, t } from '../i18n/i18n';

export const isRequired = (group: OptionGroup) => group.min > 0;

/** A dish that cannot be added without a pick: its card opens the dialog instead of adding. */
export const needsChoices = (item: MenuItem) => (item.options ?? []).some(isRequired);

/** Declared allergens as text, or the warning an undeclared dish always carries. */
export function allergensText(allergens: readonly string[] | null | undefined): string {
  if (allergens === null || allergens === undefined) return t('allergens.undeclared');
  return allergens.length === 0 ? t('allergens.none') : t('allergens.contains', { list: allergenList(allergens) });
}
