// Seeding is idempotent, survives restarts, can add a big generated menu, and every seeded image is served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesSchema, menuItemsSchema, subCategoriesSchema, tablesSchema } from '../../contract/guest';
import { demoRestaurant, EXTRA_SUB_CATEGORY_ID } from '../../server/seed/demo-restaurant';
import { startProvider } from '../../server/start';
import { callApi, fetchOrder, freshPgliteDir, placeOrder, startTestProvider } from './helpers';

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
    const groups = demoRestaurant.menuItems.flatMap((item) => item.options ?? []);
    const seededOptions = {
      optionGroups: groups.length,
      choices: groups.reduce((sum, group) => sum + group.choices.length, 0),
    };
    expect(expected.categories).toBeGreaterThanOrEqual(5);
    expect(expected.subCategories).toBeGreaterThanOrEqual(12);
    expect(expected.menuItems).toBeGreaterThanOrEqual(60);
    expect(expected.tables).toBe(12);

    const first = await startProvider({ storage: { kind: 'pglite', dataDir: dataDir.path } });
    try {
      expect(first.seeded).toEqual({ ...expected, ...seededOptions });
      expect(await counts(first.url)).toEqual(expected);
    } finally {
      await first.close();
    }

    const second = await startProvider({ storage: { kind: 'pglite', dataDir: dataDir.path } });
    try {
      expect(second.seeded).toEqual({
        categories: 0,
        subCategories: 0,
        menuItems: 0,
        tables: 0,
        optionGroups: 0,
        choices: 0,
      });
      expect(await counts(second.url)).toEqual(expected);
      const migrations = await second.db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(new Set(migrations.map((row) => row.name)).size).toBe(migrations.length);
    } finally {
      await second.close();
    }
  });

  it('gives a demo database seeded before options existed its options and allergens on the next start', async () => {
    const older = await freshPgliteDir('provider-seed-options');
    try {
      const first = await startProvider({ storage: { kind: 'pglite', dataDir: older.path } });
      const placed = await placeOrder(first.url);
      // Back to the database as it was before 005_options.sql, which only adds.
      await first.db.execScript(`
        DROP TABLE option_choices; DROP TABLE option_groups;
        ALTER TABLE menu_items DROP COLUMN allergens; ALTER TABLE order_lines DROP COLUMN choices;
        DELETE FROM schema_migrations WHERE name = '005_options.sql';`);
      await first.close();

      const second = await startProvider({ storage: { kind: 'pglite', dataDir: older.path } });
      try {
        expect(second.seeded.optionGroups).toBeGreaterThanOrEqual(8);
        const menu = menuItemsSchema.parse(await (await callApi(second.url, 'menu')).json());
        const byId = new Map(menu.map((item) => [item.id, item]));
        for (const item of demoRestaurant.menuItems) {
          expect(byId.get(item.id)?.options ?? [], item.name).toEqual(item.options ?? []);
          expect(byId.get(item.id)?.allergens, item.name).toEqual(item.allergens);
        }
        // An order placed before keeps its lines, now with no choices.
        const read = await fetchOrder(second.url, placed);
        expect(read?.total).toBe(placed.total);
        expect(read?.items.map((line) => line.choices)).toEqual(placed.items.map(() => []));
      } finally {
        await second.close();
      }
    } finally {
      await older.remove();
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
