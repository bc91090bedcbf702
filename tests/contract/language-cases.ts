// Contract "Languages" as cases: the menu in the guest's language where the restaurant has it (Content-Language, Vary),
// its own otherwise, and orders and the kitchen's view always in the restaurant's names.
import { expect } from 'vitest';
import { categoriesSchema, menuItemsSchema, subCategoriesSchema } from '../../contract/guest';
import { orderSchema, ordersSchema, type Order } from '../../contract/orders';
import { demoRestaurant } from '../../server/seed/demo-restaurant';
import type { ContractCase } from './cases';
import type { Answer, ContractClient } from './contract-client';
import { CONTRACT_MANAGER, signIn } from './staff-cases';

const FUNGHI = 37;
const funghi = demoRestaurant.menuItems.find((item) => item.id === FUNGHI)!;
const size = funghi.options![0]!;
const large = size.choices[1]!;

const inLanguage = (language: string | undefined): Record<string, string> =>
  language === undefined ? {} : { 'Accept-Language': language };

async function menuIn(client: ContractClient, language: string | undefined, query?: Record<string, number>) {
  const answer = await client.call({ path: 'menu', ...(query ? { query } : {}), headers: inLanguage(language) });
  expect(answer.status).toBe(200);
  return { answer, items: menuItemsSchema.parse(answer.body) };
}

function saysLanguage(answer: Answer, language: string) {
  expect(answer.headers.get('Content-Language')).toBe(language);
  expect(answer.headers.get('Vary') ?? '').toMatch(/accept-language/i);
}

export const languageCases: ContractCase[] = [
  {
    name: 'languages: without Accept-Language the menu is in the restaurant’s own language, and says so',
    async run(client) {
      const { answer, items } = await menuIn(client, undefined, { menu_id: FUNGHI });
      saysLanguage(answer, 'en');
      expect(items[0]?.name).toBe('Funghi');
      expect(items[0]?.description).toBe(funghi.description);
    },
  },
  {
    name: 'languages: es-ES answers categories, sections, dishes, option groups and choices in Spanish',
    async run(client) {
      const categories = await client.call({ path: 'category', headers: inLanguage('es-ES,es;q=0.9,en;q=0.8') });
      saysLanguage(categories, 'es');
      expect(categoriesSchema.parse(categories.body).map((category) => category.name)).toContain('Entrantes');
      const subs = await client.call({ path: 'sub-category', query: { category_id: 1 }, headers: inLanguage('es') });
      saysLanguage(subs, 'es');
      expect(subCategoriesSchema.parse(subs.body).map((sub) => sub.name)).toEqual([
        'Sopas',
        'Ensaladas',
        'Platos pequeños',
      ]);
      const soup = (await menuIn(client, 'es-ES', { menu_id: 1 })).items[0];
      expect(soup).toMatchObject({ id: 1, name: 'Sopa de tomate asado', price: 7.5 });
      expect(soup?.description).toMatch(/^Tomates asados/);
      const pizza = (await menuIn(client, 'es', { menu_id: FUNGHI })).items[0];
      expect(pizza?.options?.[0]?.name).toBe('Tamaño');
      expect(pizza?.options?.[0]?.choices[1]).toMatchObject({ id: large.id, name: 'Grande 36 cm', price: large.price });
    },
  },
  {
    name: 'languages: ar answers Arabic; prices, ids, tags and availability are the same in every language',
    async run(client) {
      const { answer, items } = await menuIn(client, 'ar');
      saysLanguage(answer, 'ar');
      const english = (await menuIn(client, 'en')).items;
      expect(items.find((item) => item.id === 1)?.name).toBe('شوربة الطماطم المشوية');
      const strip = ({ name: _n, description: _d, options, ...rest }: (typeof items)[number]) => ({
        ...rest,
        options: options?.map(({ name: _g, choices, ...group }) => ({
          ...group,
          choices: choices.map(({ name: _c, ...choice }) => choice),
        })),
      });
      expect(items.map(strip)).toEqual(english.map(strip));
    },
  },
  {
    name: 'languages: preference follows q-values; a language without translations falls back to the restaurant’s',
    async run(client) {
      saysLanguage((await menuIn(client, 'fr, ar;q=0.5', { menu_id: 1 })).answer, 'ar');
      saysLanguage((await menuIn(client, 'en, es;q=0.9', { menu_id: 1 })).answer, 'en');
      saysLanguage((await menuIn(client, 'es;q=0.2, ar;q=0.7', { menu_id: 1 })).answer, 'ar');
      const french = await menuIn(client, 'fr-FR', { menu_id: 1 });
      saysLanguage(french.answer, 'en');
      expect(french.items[0]?.name).toBe('Roasted Tomato Soup');
      saysLanguage((await menuIn(client, '*', { menu_id: 1 })).answer, 'en');
    },
  },
  {
    name: 'languages: an order placed in Spanish keeps the restaurant’s names, for the guest and on staff/orders',
    async run(client) {
      const answer = await client.call({
        method: 'POST',
        path: 'orders',
        headers: inLanguage('es'),
        body: { table_id: 7, items: [{ menu_id: FUNGHI, quantity: 1, choices: [large.id] }] },
      });
      expect(answer.status).toBe(201);
      const order: Order = orderSchema.parse(answer.body);
      expect(order.items[0]?.name).toBe('Funghi');
      expect(JSON.stringify(order.items[0])).toContain(large.name);
      const [read] = await client.expectOk(
        {
          path: 'orders',
          query: { orderID: order.orderID },
          headers: { ...inLanguage('es'), 'X-Order-Key': order.order_key ?? '' },
        },
        200,
        ordersSchema,
      );
      expect(read?.items[0]?.name).toBe('Funghi');
      const manager = await signIn(client, CONTRACT_MANAGER);
      const board = await client.expectOk(
        { path: 'staff/orders', headers: { Cookie: manager, ...inLanguage('es') } },
        200,
        ordersSchema,
      );
      const line = board.find((candidate) => candidate.orderID === order.orderID)?.items[0];
      expect(line?.name).toBe('Funghi');
      expect(JSON.stringify(line)).toContain(large.name);
      expect(JSON.stringify(line)).not.toContain('Grande');
    },
  },
];
