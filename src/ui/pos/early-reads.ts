// The menu's first reads, sent by the early script (src/early.ts) as soon as index.html is in: the restaurant's profile
// and the categories, then the opening category's sections and dishes, each kept for the api client to take.
import { apiBaseUrl, apiToken } from '../../api/config';
import { sendEarlyRead } from '../../api/early-answers';
import { bootLanguage } from '../../device/language';
import type { Category } from '../../../contract/guest';
import { openingCategory } from './opening-rule';

function idParam(search: URLSearchParams, name: string): number | undefined {
  const value = Number(search.get(name) ?? Number.NaN);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The same reads the menu's route starts (prefetch.ts), with the same URLs and headers, so the client takes their
 * answers instead of asking again. Only on the menu, online: offline the app starts from its saved copy. Settles when
 * the first answer (the categories) is in or has failed, at once when nothing is sent.
 */
export function startEarlyReads(location: Pick<Location, 'pathname' | 'search'> = window.location): Promise<void> {
  if (location.pathname !== '/' || navigator.onLine === false) return Promise.resolve();
  const base = apiBaseUrl();
  const as = { token: apiToken(), language: bootLanguage() };
  const search = new URLSearchParams(location.search);
  const categoryId = idParam(search, 'category_id');
  const subCategoryId = idParam(search, 'sub_cat_id');
  sendEarlyRead(`${base}restaurant`, as);
  const categories = sendEarlyRead(`${base}category`, as);
  const firstAnswer = categories.then(
    () => undefined,
    () => undefined,
  );
  // A dish's link opens over the dish's own category: the app finds that out itself.
  if (categoryId === undefined && search.has('menu_id')) return firstAnswer;
  categories
    .then((response) => (response.ok ? (response.clone().json() as Promise<Category[]>) : null))
    .then((list) => {
      if (!Array.isArray(list)) return;
      const opening = openingCategory(list, { category_id: categoryId, dishCategory: null });
      if (opening === undefined) return;
      const dishes =
        opening === categoryId && subCategoryId !== undefined ? `sub_cat_id=${subCategoryId}` : `cat_id=${opening}`;
      sendEarlyRead(`${base}sub-category?category_id=${opening}`, as);
      sendEarlyRead(`${base}menu?${dishes}`, as);
    })
    .catch(() => {});
  return firstAnswer;
}
