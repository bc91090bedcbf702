// What guests are shown of the back office's menu: hidden things left out, hours applied, names in their language.
import type { Category, MenuItem, SubCategory } from '../../contract/guest';
import type { StaffCategory, StaffMenuItem, StaffSubCategory } from '../../contract/menu-admin';
import { effectiveHours, hoursAvailability, type Hours } from '../../src/domain/hours';
import { joinTags, type StaffTranslations } from './menu-model';

const inLanguage = (translations: StaffTranslations, language: string) => translations[language];

/**
 * A dish's availability as guests read it: the kitchen's switch, then its hours (its own, else its category's). A dish
 * sold out says nothing of when it is back; one outside its hours says when (`available_again_at`), and one open within
 * hours says until when (`available_until`).
 */
export function guestAvailability(
  switchedOn: boolean,
  hours: Hours,
  now: Date,
  timeZone: string,
): Pick<MenuItem, 'available' | 'available_again_at' | 'available_until'> {
  if (!switchedOn) return { available: false };
  const { open, availableAgainAt, availableUntil } = hoursAvailability(hours, now, timeZone);
  if (!open)
    return { available: false, ...(availableAgainAt ? { available_again_at: availableAgainAt.toISOString() } : {}) };
  return { available: true, ...(availableUntil ? { available_until: availableUntil.toISOString() } : {}) };
}

export function toGuestCategory(category: StaffCategory, language: string): Category {
  const translated = inLanguage(category.translations, language);
  return {
    id: category.id,
    name: translated?.name ?? category.name,
    description: translated?.description ?? category.description,
    image: category.image,
    sort: category.sort,
  };
}

export function toGuestSubCategory(sub: StaffSubCategory, language: string): SubCategory {
  return {
    id: sub.id,
    category_id: sub.category_id,
    name: inLanguage(sub.translations, language)?.name ?? sub.name,
    image: sub.image,
    sort: sub.sort,
  };
}

/** `category` gives the hours a dish without its own keeps. */
export function toGuestItem(
  item: StaffMenuItem,
  category: Pick<StaffCategory, 'hours'> | undefined,
  language: string,
  now: Date,
  timeZone: string,
): MenuItem {
  const translated = inLanguage(item.translations, language);
  return {
    id: item.id,
    cat_id: item.cat_id,
    sub_cat_id: item.sub_cat_id,
    name: translated?.name ?? item.name,
    description: translated?.description ?? item.description,
    price: item.price,
    image: item.image,
    ...guestAvailability(item.available, effectiveHours(item.hours, category?.hours ?? null), now, timeZone),
    tags: joinTags(item.diets, item.tags),
    prep_minutes: item.prep_minutes,
    ...(item.options.length > 0
      ? {
          options: item.options.map((group) => ({
            id: group.id,
            name: inLanguage(group.translations, language)?.name ?? group.name,
            min: group.min,
            max: group.max,
            choices: group.choices.map((choice) => ({
              id: choice.id,
              name: inLanguage(choice.translations, language)?.name ?? choice.name,
              price: choice.price,
              available: choice.available,
              ...(choice.allergens === null ? {} : { allergens: choice.allergens }),
            })),
          })),
        }
      : {}),
    allergens: item.allergens,
  };
}

/**
 * A dish's `menu` event (contract v1.2): v1.1's three fields as guests see them, and the whole dish in the
 * restaurant's language with its translations, so every open screen can show the change in its own language.
 */
export function dishEvent(
  item: StaffMenuItem,
  category: StaffCategory | undefined,
  hiddenAbove: boolean,
  now: Date,
  timeZone: string,
) {
  const guest = toGuestItem(item, category, '', now, timeZone);
  return {
    menu_id: item.id,
    available: guest.available,
    prep_minutes: item.prep_minutes,
    item: { ...guest, hidden: item.hidden || hiddenAbove, translations: item.translations },
  };
}
