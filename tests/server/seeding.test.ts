// Seeding is idempotent, survives restarts, can add a big generated menu, and every seeded image is served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesSchema, menuItemsSchema, subCategoriesSchema, tablesSchema } from '../../src/api/schemas';
import { demoRestaurant, EXTRA_SUB_CATEGORY_ID } from '../../server/seed/demo-restaurant';
import { startProvider } from '../../server/start';
import { callApi, freshPgliteDir, startTestProvider } from './helpers';

async function counts(url: string) {
  const read = async <T>(path: string, parse: (value: unknown) => T[]) =>
    parse(await (await callApi(url, path)).json()).length;
  return {
    categories: await read('category', (value) => categoriesSchema.parse(value)),
    subCategories: await read('sub-category', (value) => subCategoriesSchema.parse(value)),
    menuItems: await read('menu', (value) => menuItemsSchema.parse(value)),
    tables: await read('tables', (value) => tablesSchema.parse(value)),
  };
}

describe('seeding', () => {
  let dataDir: Awaited<ReturnType<typeof freshPgliteDir>>;
  beforeAll(async () => {
    dataDir = await freshPgliteDir('provider-seed');
  });
  afterAll(async () => {
    await dataDir.remove();
  });

  it('seeds the demo restaurant on first start and nothing more on the next', async () => {
    const expected = {
      categories: demoRestaurant.categories.length,
      subCategories: demoRestaurant.subCategories.length,
      menuItems: demoRestaurant.menuItems.length,
      tables: demoRestaurant.tables.length,
    };
    expect(expected.categories).toBeGreaterThanOrEqual(5);
    expect(expected.subCategories).toBeGreaterThanOrEqual(12);
    expect(expected.menuItems).toBeGreaterThanOrEqual(60);
    expect(expected.tables).toBe(12);

    const first = await startProvider({ storage: { kind: 'pglite', dataDir: dataDir.path } });
    try {
      expect(first.seeded).toEqual(expected);
      expect(await counts(first.url)).toEqual(expected);
    } finally {
      await first.close();
    }

    const second = await startProvider({ storage: { kind: 'pglite', dataDir: dataDir.path } });
    try {
      expect(second.seeded).toEqual({ categories: 0, subCategories: 0, menuItems: 0, tables: 0 });
      expect(await counts(second.url)).toEqual(expected);
      const migrations = await second.db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(new Set(migrations.map((row) => row.name)).size).toBe(migrations.length);
    } finally {
      await second.close();
    }
  });

  it('adds a big generated menu in one extra sub-category when asked, and serves every seeded image', async () => {
    const provider = await startTestProvider({ seedExtraItems: 2000 });
    try {
      const items = menuItemsSchema.parse(
        await (await callApi(provider.url, `menu?sub_cat_id=${EXTRA_SUB_CATEGORY_ID}`)).json(),
      );
      expect(items).toHaveLength(2000);
      expect(new Set(items.map((item) => item.name)).size).toBe(2000);
      expect((await counts(provider.url)).menuItems).toBe(demoRestaurant.menuItems.length + 2000);

      const images = new Set(
        [...demoRestaurant.categories, ...demoRestaurant.subCategories, ...demoRestaurant.menuItems, ...items].flatMap(
          (entry) => (entry.image === null ? [] : [entry.image]),
        ),
      );
      expect(images.size).toBeGreaterThan(10);
      for (const image of images) {
        expect(image.startsWith('/images/')).toBe(true);
        const response = await fetch(`${provider.url}${image}`);
        expect(response.status, image).toBe(200);
        expect(response.headers.get('Content-Type')).toContain('image/svg+xml');
        expect((await response.arrayBuffer()).byteLength).toBeLessThan(4096);
      }
      expect((await fetch(`${provider.url}/images/dishes/no-such-dish.svg`)).status).toBe(404);
      expect((await fetch(`${provider.url}/images/../server/main.ts`)).status).toBe(404);
    } finally {
      await provider.close();
    }
  });
});
