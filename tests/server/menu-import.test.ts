// The shipped examples match the seed, load into an empty restaurant (JSON and CSV), and every change goes out live.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItemsSchema } from '../../contract/guest';
import { importReportSchema, menuDocumentSchema, staffMenuItemSchema } from '../../contract/menu-admin';
import { readCsv } from '../../server/menu/menu-csv';
import { menuCsv } from '../../server/seed/demo-csv';
import { demoMenuDocument } from '../../server/seed/demo-menu';
import { demoRestaurant } from '../../server/seed/demo-restaurant';
import type { RunningProvider } from '../../server/start';
import { openSse } from '../support/sse-reader';
import { callApi, startTestProvider } from './helpers';

const MANAGER = { name: 'manager', password: 'manager-password' };
const dishCount = demoRestaurant.menuItems.length;

describe('examples/', () => {
  it('demo-menu.json and demo-menu.csv are the seed’s demo restaurant (npm run examples writes them)', async () => {
    const document = demoMenuDocument(demoRestaurant);
    expect(JSON.parse(await readFile('examples/demo-menu.json', 'utf8'))).toEqual(document);
    expect(menuDocumentSchema.parse(document)).toEqual(document);
    const csv = await readFile('examples/demo-menu.csv', 'utf8');
    expect(csv).toBe(menuCsv(document));
    const read = readCsv(csv);
    expect(read.errors).toEqual([]);
    expect(read.document.categories.flatMap((c) => c.sub_categories).flatMap((s) => s.items)).toHaveLength(dishCount);
  });
});

describe('an empty restaurant loads its menu', () => {
  let provider: RunningProvider;
  let cookie = '';
  const staffCall = (path: string, init: RequestInit = {}) =>
    callApi(provider.url, path, { ...init, headers: { ...init.headers, Cookie: cookie } });
  // Not callApi: it would send the CSV as JSON.
  const importDocument = (body: string, type: string, query = '') =>
    fetch(`${provider.url}/api/v1/staff/menu/import${query}`, {
      method: 'POST',
      body,
      headers: { Authorization: 'Bearer demo-token', 'Content-Type': type, Cookie: cookie },
    });

  beforeAll(async () => {
    provider = await startTestProvider({ seed: false, manager: MANAGER });
    const signIn = await callApi(provider.url, 'staff/session', { method: 'POST', body: JSON.stringify(MANAGER) });
    cookie = (signIn.headers.getSetCookie().find((one) => one.startsWith('staff_session=')) ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await provider.close();
  });

  it('from the CSV (a dry run changes nothing), then the MenuDocument fills in what a CSV cannot say', async () => {
    const csv = await readFile('examples/demo-menu.csv', 'utf8');
    const dry = importReportSchema.parse(await (await importDocument(csv, 'text/csv')).json());
    expect(dry).toMatchObject({ added: 5 + 14 + dishCount, changed: 0, hidden: 0, errors: [], applied: false });
    expect(await (await callApi(provider.url, 'menu')).json()).toEqual([]);

    const applied = await importDocument(csv, 'text/csv; charset=utf-8', '?apply=true');
    expect(importReportSchema.parse(await applied.json())).toMatchObject({ added: 5 + 14 + dishCount, applied: true });
    expect(menuItemsSchema.parse(await (await callApi(provider.url, 'menu')).json())).toHaveLength(dishCount);

    // The same dishes by name: the document adds their options, translations and pictures, and nothing else.
    const json = await readFile('examples/demo-menu.json', 'utf8');
    const report = importReportSchema.parse(
      await (await importDocument(json, 'application/json', '?apply=true')).json(),
    );
    expect(report).toMatchObject({ added: 0, hidden: 0, errors: [], warnings: [], applied: true });
    expect(report.changed).toBeGreaterThan(0);
    const again = importReportSchema.parse(await (await importDocument(json, 'application/json')).json());
    expect(again).toMatchObject({ added: 0, changed: 0, hidden: 0 });

    const pizzas = menuItemsSchema.parse(await (await callApi(provider.url, 'menu')).json());
    const garden = pizzas.find((item) => item.name === 'Vegan Garden');
    expect(pizzas.find((item) => item.name === 'Margherita')?.image).toBe('/images/dishes/pizza-1.svg');
    const spanish = await callApi(provider.url, `menu?menu_id=${garden?.id}`, { headers: { 'Accept-Language': 'es' } });
    const [jardin] = menuItemsSchema.parse(await spanish.json());
    expect(jardin?.options?.[1]?.choices.map((choice) => choice.name)).toContain('Mozzarella vegetal');
  });

  it('sends each change as a menu event carrying the whole dish, with v1.1’s fields', async () => {
    const guest = await openSse(provider.url);
    try {
      const [dish] = menuItemsSchema.parse(await (await callApi(provider.url, 'menu')).json());
      if (!dish) throw new Error('no dish');
      const changed = await staffCall(`staff/menu/${dish.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ price: 8.75 }),
      });
      const saved = staffMenuItemSchema.parse(await changed.json());
      const event = await guest.waitFor(
        (e) => e.type === 'menu' && (e.data as { menu_id?: number }).menu_id === dish.id,
        10_000,
      );
      expect(event.data).toMatchObject({
        menu_id: dish.id,
        available: true,
        prep_minutes: saved.prep_minutes,
        item: { id: dish.id, price: 8.75, hidden: false, translations: { es: expect.any(Object) } },
      });
    } finally {
      guest.close();
    }
  });
});
