// The demo restaurant in the back office's shapes: the MSW fake's menu, and examples/demo-menu.json (a MenuDocument).
import type { MenuDocument } from '../../contract/menu-admin';
import { normalisePrice } from '../../src/domain/price';
import { toDocument } from '../menu/menu-import';
import {
  inAllergenOrder,
  normaliseTranslations,
  splitTags,
  type MenuSnapshot,
  type StaffTranslations,
} from '../menu/menu-model';
import type { DemoRestaurant } from './demo-restaurant';
import { demoTranslationRows } from './demo-translations';

export function demoSnapshot(data: DemoRestaurant): MenuSnapshot {
  const translations = new Map<string, StaffTranslations>();
  for (const row of demoTranslationRows(data)) {
    const key = `${row.kind}:${row.id}`;
    translations.set(key, {
      ...translations.get(key),
      [row.language]: { name: row.name, description: row.description },
    });
  }
  const of = (kind: string, id: number) => normaliseTranslations(translations.get(`${kind}:${id}`));
  return {
    categories: data.categories.map((category) => ({
      ...category,
      hidden: false,
      hours: null,
      station: null,
      translations: of('category', category.id),
    })),
    subCategories: data.subCategories.map((sub) => ({
      ...sub,
      hidden: false,
      translations: of('sub_category', sub.id),
    })),
    items: data.menuItems.map((item, index) => ({
      id: item.id,
      cat_id: item.cat_id,
      sub_cat_id: item.sub_cat_id,
      name: item.name,
      description: item.description,
      price: normalisePrice(item.price),
      image: item.image,
      available: item.available,
      prep_minutes: item.prep_minutes,
      allergens: inAllergenOrder(item.allergens ?? null),
      ...splitTags(item.tags),
      options: (item.options ?? []).map((group) => ({
        id: group.id,
        name: group.name,
        min: group.min,
        max: group.max,
        translations: of('option_group', group.id),
        choices: group.choices.map((choice) => ({
          id: choice.id,
          name: choice.name,
          price: choice.price,
          available: choice.available,
          allergens: inAllergenOrder(choice.allergens ?? null),
          translations: of('option_choice', choice.id),
        })),
      })),
      // As the seed stores it: the dish's place in the whole list.
      sort: index,
      hidden: false,
      hours: null,
      station: null,
      translations: of('menu_item', item.id),
    })),
  };
}

/**
 * The demo menu as a document to import into any restaurant: no ids (this restaurant's would mean nothing there),
 * nothing hidden; `npm run examples` writes it to examples/demo-menu.json and a test keeps the two equal.
 */
export function demoMenuDocument(data: DemoRestaurant): MenuDocument {
  const withoutIds = JSON.stringify(toDocument(demoSnapshot(data)), (name, value: unknown) =>
    name === 'id' || (name === 'hidden' && value === false) ? undefined : value,
  );
  return JSON.parse(withoutIds) as MenuDocument;
}
