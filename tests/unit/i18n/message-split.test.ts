// The split of each catalog follows the code: the first part holds every message the menu's first screen names, found
// in the module graph, and nothing a screen loaded on demand names.
import { describe, expect, it } from 'vitest';
import { firstScreenMessageIds, messageIdsIn, type GraphModule } from '../../../scripts/message-split';

const IDS = [
  'pos.title',
  'card.add',
  'tag.vegan',
  'table.choose',
  'status.received',
  'status.ready',
  'statusSentence.ready',
  'error.fetch',
  'cart.title',
  'cart.badge',
  'dish.loading',
  'notFound.title',
];

// A build's module graph after its transforms (JSX compiled, types gone), as the catalog plugin sees it.
const GRAPH: Record<string, GraphModule> = {
  '/src/main.tsx': {
    code: 'const shell = preloadable(() => import("./shell"));',
    importedIds: ['/node_modules/react/index.js', '/src/preloadable.tsx'],
    dynamicallyImportedIds: ['/src/shell.tsx', '/src/i18n.ts'],
  },
  '/src/preloadable.tsx': { code: 'export function preloadable() {}', importedIds: [], dynamicallyImportedIds: [] },
  '/src/i18n.ts': {
    code: 'export const errorText = (kind) => t(`error.${kind}`);',
    importedIds: [],
    dynamicallyImportedIds: [],
  },
  '/src/shell.tsx': {
    code: 'export function Shell() { return jsx(Header, {}); }',
    importedIds: ['/src/header.tsx', '/src/routes/index.tsx'],
    dynamicallyImportedIds: [],
  },
  '/src/header.tsx': {
    code: [
      'const LABELS = { vegan: "tag.vegan" };',
      'export const Header = () => jsxs("header", { children: [t("cart.badge"), jsx(Trans, { id: "table.choose" })] });',
      'const Cart = lazyScreen(() => import("./cart-screen"), "CartScreen");',
    ].join('\n'),
    importedIds: ['/src/i18n.ts'],
    dynamicallyImportedIds: ['/src/cart-screen.tsx'],
  },
  // The route's entry stays on the first screen's path; the menu's own component is split from it.
  '/src/routes/index.tsx': {
    code: 'const component = lazyRouteComponent(() => import("./index.tsx?tsr-split=component"));',
    importedIds: [],
    dynamicallyImportedIds: ['/src/routes/index.tsx?tsr-split=component'],
  },
  '/src/routes/index.tsx?tsr-split=component': {
    code: [
      "export const PosScreen = () => jsx('h1', { children: t('pos.title') });",
      'const label = (status) => t(`status.${status}`);',
      'const Dish = lazyScreen(() => import("./dish-dialog"), "DishDialog");',
    ].join('\n'),
    importedIds: ['/src/menu-card.tsx'],
    dynamicallyImportedIds: ['/src/dish-dialog.tsx'],
  },
  '/src/menu-card.tsx': {
    code: "export const MenuCard = () => jsx('button', { children: t('card.add') });",
    importedIds: [],
    dynamicallyImportedIds: [],
  },
  '/src/cart-screen.tsx': {
    code: "export const CartScreen = () => t('cart.title');",
    importedIds: [],
    dynamicallyImportedIds: [],
  },
  '/src/dish-dialog.tsx': {
    code: "export const DishDialog = () => [t('dish.loading'), t(`statusSentence.${status}`)];",
    importedIds: [],
    dynamicallyImportedIds: [],
  },
};

const FIRST_SCREEN = [/src\/shell\.tsx$/, /src\/i18n\.ts$/, /src\/routes\/index\.tsx\?tsr-split=component$/];

async function firstPart(graph = GRAPH) {
  const loaded: string[] = [];
  const ids = await firstScreenMessageIds({
    entry: '/src/main.tsx',
    firstScreen: FIRST_SCREEN,
    ids: IDS,
    load: async (id) => {
      loaded.push(id);
      const module = graph[id];
      if (!module) throw new Error(`No module ${id} in the fixture`);
      return module;
    },
  });
  return { ids: [...ids].sort(), loaded };
}

describe('the first part of the catalog', () => {
  it('holds every message the first screen’s modules name, and none that only a screen loaded on demand names', async () => {
    const { ids } = await firstPart();
    expect(ids).toEqual(
      [
        'card.add',
        'cart.badge',
        'error.fetch',
        'pos.title',
        'status.ready',
        'status.received',
        'table.choose',
        'tag.vegan',
      ].sort(),
    );
  });

  it('walks the first screen’s own on-demand modules, never another screen’s, and no dependency', async () => {
    const { loaded } = await firstPart();
    expect(loaded).toContain('/src/routes/index.tsx?tsr-split=component');
    expect(loaded).not.toContain('/src/cart-screen.tsx');
    expect(loaded).not.toContain('/src/dish-dialog.tsx');
    expect(loaded).not.toContain('/node_modules/react/index.js');
  });

  it('follows a message moved onto the first screen', async () => {
    const graph = {
      ...GRAPH,
      '/src/menu-card.tsx': { ...GRAPH['/src/menu-card.tsx']!, code: "t('card.add'); t('notFound.title');" },
    };
    expect((await firstPart(graph)).ids).toContain('notFound.title');
  });
});

describe('the messages a module names', () => {
  it('finds ids in calls, in tables of ids and in templates by their static prefix', () => {
    const code = "t('pos.title'); const L = { a: \"tag.vegan\" }; t(`status.${s}`); const no = 'pos'; `${x}.y`;";
    expect(messageIdsIn(code, IDS).sort()).toEqual(['pos.title', 'status.ready', 'status.received', 'tag.vegan']);
  });

  it('refuses an id with no static prefix, which the build could not place', () => {
    expect(() => messageIdsIn('t(`${namespace}.title`)', IDS, '/src/screen.tsx')).toThrow(/src\/screen\.tsx/);
  });
});
