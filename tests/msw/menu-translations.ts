// The fake provider's side of contract "Languages": the same translations and the same choice of language as the
// reference provider, applied to the fake's in-memory menu.
import type { Category, MenuItem, SubCategory } from '../../contract/guest';
import { RESTAURANT_LANGUAGE, wantedLanguages } from '../../server/catalog/menu-language';
import type { DemoRestaurant } from '../../server/seed/demo-restaurant';
import { demoTranslationRows, type TranslationKind, type TranslationRow } from '../../server/seed/demo-translations';

export function createMenuTranslations(data: DemoRestaurant) {
  const rows = new Map<string, TranslationRow>();
  for (const row of demoTranslationRows(data)) rows.set(`${row.kind}:${row.id}:${row.language}`, row);
  const available = new Set([...rows.values()].map((row) => row.language));
  const find = (kind: TranslationKind, id: number, language: string) => rows.get(`${kind}:${id}:${language}`);

  return {
    /** The first wanted language with translations, or the restaurant's own (as menuLanguage() decides). */
    languageOf(header: string | null): string {
      for (const language of wantedLanguages(header ?? undefined)) {
        if (language === RESTAURANT_LANGUAGE || language === '*') return RESTAURANT_LANGUAGE;
        if (available.has(language)) return language;
      }
      return RESTAURANT_LANGUAGE;
    },
    category(category: Category, language: string): Category {
      const row = find('category', category.id, language);
      return row ? { ...category, name: row.name, description: row.description ?? category.description } : category;
    },
    subCategory(sub: SubCategory, language: string): SubCategory {
      const row = find('sub_category', sub.id, language);
      return row ? { ...sub, name: row.name } : sub;
    },
    menuItem(item: MenuItem, language: string): MenuItem {
      const row = find('menu_item', item.id, language);
      return {
        ...item,
        ...(row ? { name: row.name, description: row.description ?? item.description } : {}),
        ...(item.options
          ? {
              options: item.options.map((group) => ({
                ...group,
                name: find('option_group', group.id, language)?.name ?? group.name,
                choices: group.choices.map((choice) => ({
                  ...choice,
                  name: find('option_choice', choice.id, language)?.name ?? choice.name,
                })),
              })),
            }
          : {}),
      };
    },
  };
}
