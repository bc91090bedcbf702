// The menu back office (contract v1.2) as request → answer cases: who may call, the rules, photos, import and export.
import sharp from 'sharp';
import { expect } from 'vitest';
import { menuItemsSchema, type MenuItem } from '../../contract/guest';
import { orderSchema } from '../../contract/orders';
import {
  auditEntriesSchema,
  importReportSchema,
  menuDocumentSchema,
  staffCategorySchema,
  staffMenuItemSchema,
  staffSubCategorySchema,
  type MenuDocument,
  type StaffMenuItem,
} from '../../contract/menu-admin';
import type { ContractCase } from './cases';
import type { Call, ContractClient } from './contract-client';
import { asCook, asManager, refused, withCookie } from './staff-cases';

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return { name: `menu back office: ${name}`, run };
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(counter++).toString(36)}`;
const UNKNOWN = 2_000_000_000;

/** A category, a sub-category and a dish of the case's own, so no other case's dishes change. */
async function ownDish(client: ContractClient, cookie: string, dish: Record<string, unknown> = {}) {
  const category = await client.expectOk(
    withCookie(cookie, { method: 'POST', path: 'staff/categories', body: { name: unique('Case category') } }),
    201,
    staffCategorySchema,
  );
  const sub = await client.expectOk(
    withCookie(cookie, {
      method: 'POST',
      path: 'staff/sub-categories',
      body: { category_id: category.id, name: 'Plates' },
    }),
    201,
    staffSubCategorySchema,
  );
  const item = await client.expectOk(
    withCookie(cookie, {
      method: 'POST',
      path: 'staff/menu',
      body: { sub_cat_id: sub.id, name: unique('Dish'), price: 9.5, allergens: [], ...dish },
    }),
    201,
    staffMenuItemSchema,
  );
  return { category, sub, item };
}

async function guestDish(client: ContractClient, id: number, language?: string): Promise<MenuItem | undefined> {
  const answer = await client.call({
    path: 'menu',
    query: { menu_id: id },
    ...(language ? { headers: { 'Accept-Language': language } } : {}),
  });
  if (answer.status === 404) return undefined;
  expect(answer.status).toBe(200);
  return menuItemsSchema.parse(answer.body)[0];
}

const exportCall: Call = { path: 'staff/menu/export' };
const importCall = (document: unknown, query: Record<string, string> = {}): Call => ({
  method: 'POST',
  path: 'staff/menu/import',
  body: document,
  query,
});
const csvCall = (text: string, query: Record<string, string> = {}): Call => ({
  method: 'POST',
  path: 'staff/menu/import',
  rawBody: text,
  headers: { 'Content-Type': 'text/csv' },
  query,
});
const photoCall = (id: number, bytes: Uint8Array<ArrayBuffer>, type: string): Call => ({
  method: 'PUT',
  path: `staff/menu/${id}/photo`,
  rawBody: bytes,
  headers: { 'Content-Type': type },
});

async function exported(client: ContractClient, cookie: string): Promise<MenuDocument> {
  return client.expectOk(withCookie(cookie, exportCall), 200, menuDocumentSchema);
}

/** Outside its hours now, in UTC (the default time zone): an hour that has not begun today, every day. */
function hoursExcludingNow(): { days: number[]; from: string; to: string }[] {
  const hour = new Date().getUTCHours();
  const from = hour >= 22 ? 1 : hour + 2;
  const pad = (value: number) => String(value).padStart(2, '0');
  return [{ days: [1, 2, 3, 4, 5, 6, 7], from: `${pad(from)}:00`, to: `${pad(from)}:30` }];
}

export const menuAdminCases: ContractCase[] = [
  scenario('every call is 401 without a session, and the manager’s calls are 403 for the kitchen', async (client) => {
    const calls: Call[] = [
      { method: 'POST', path: 'staff/categories', body: { name: 'X' } },
      { method: 'PATCH', path: 'staff/categories/1', body: { name: 'X' } },
      { method: 'DELETE', path: 'staff/categories/1' },
      { method: 'POST', path: 'staff/sub-categories', body: { category_id: 1, name: 'X' } },
      { method: 'PATCH', path: 'staff/sub-categories/1', body: { name: 'X' } },
      { method: 'DELETE', path: 'staff/sub-categories/1' },
      { method: 'POST', path: 'staff/menu', body: { sub_cat_id: 1, name: 'X', price: 1 } },
      { method: 'PATCH', path: 'staff/menu/1', body: { price: 1 } },
      { method: 'DELETE', path: 'staff/menu/1' },
      photoCall(1, new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg'),
      exportCall,
      importCall({ version: 1, categories: [] }),
      { path: 'staff/audit' },
    ];
    for (const call of calls) await refused(client, call, 401, 'unauthorized');
    await refused(client, { method: 'PATCH', path: 'staff/choices/1', body: { available: true } }, 401, 'unauthorized');
    const cook = await asCook(client);
    for (const call of calls) await refused(client, withCookie(cook, call), 403, 'forbidden');
  }),

  scenario('unknown ids are 404; a parent that does not exist is 422 naming it', async (client) => {
    const manager = await asManager(client);
    const as = (call: Call) => withCookie(manager, call);
    await refused(
      client,
      as({ method: 'PATCH', path: `staff/categories/${UNKNOWN}`, body: { name: 'X' } }),
      404,
      'not_found',
    );
    await refused(client, as({ method: 'DELETE', path: `staff/sub-categories/${UNKNOWN}` }), 404, 'not_found');
    await refused(client, as({ method: 'PATCH', path: `staff/menu/${UNKNOWN}`, body: { price: 2 } }), 404, 'not_found');
    await refused(client, as({ method: 'DELETE', path: 'staff/menu/not-an-id' }), 404, 'not_found');
    await refused(
      client,
      as({ method: 'PATCH', path: `staff/choices/${UNKNOWN}`, body: { available: true } }),
      404,
      'not_found',
    );
    await refused(client, as(photoCall(UNKNOWN, new Uint8Array([0x89, 0x50]), 'image/png')), 404, 'not_found');
    await refused(
      client,
      as({ method: 'POST', path: 'staff/sub-categories', body: { category_id: UNKNOWN, name: 'X' } }),
      422,
      'invalid',
      ['category_id'],
    );
  }),

  scenario(
    'a new dish reaches guests in each language; hiding it takes it away; ids are never reused',
    async (client) => {
      const manager = await asManager(client);
      const { item } = await ownDish(client, manager, {
        description: 'Toast with tomato',
        translations: { es: { name: 'Pan con tomate', description: 'Tostada con tomate' } },
        diets: ['vegan'],
        tags: ['new'],
        allergens: ['gluten'],
        station: 'bar',
        options: [
          {
            name: 'Bread',
            min: 1,
            max: 1,
            choices: [
              { name: 'White', price: 0 },
              { name: 'Rye', price: 0.5 },
            ],
          },
        ],
      });
      expect(item).toMatchObject({ price: 9.5, diets: ['vegan'], tags: ['new'], station: 'bar', hidden: false });
      expect(item.options[0]?.choices.map((choice) => choice.name)).toEqual(['White', 'Rye']);
      const guest = await guestDish(client, item.id);
      expect(guest).toMatchObject({ name: item.name, price: 9.5, available: true, allergens: ['gluten'] });
      expect(guest?.tags).toEqual(expect.arrayContaining(['vegan', 'new']));
      expect((await guestDish(client, item.id, 'es'))?.name).toBe('Pan con tomate');

      const hidden = await client.expectOk(
        withCookie(manager, { method: 'DELETE', path: `staff/menu/${item.id}` }),
        200,
        staffMenuItemSchema,
      );
      expect(hidden.hidden).toBe(true);
      expect(await guestDish(client, item.id)).toBeUndefined();
      const again = await ownDish(client, manager);
      expect(again.item.id).toBeGreaterThan(item.id);
    },
  ),

  scenario('a price change reaches guests and new orders; the audit says who, before and after', async (client) => {
    const manager = await asManager(client);
    const { item } = await ownDish(client, manager);
    const changed = await client.expectOk(
      withCookie(manager, { method: 'PATCH', path: `staff/menu/${item.id}`, body: { price: 11.25 } }),
      200,
      staffMenuItemSchema,
    );
    expect(changed.price).toBe(11.25);
    expect((await guestDish(client, item.id))?.price).toBe(11.25);
    const order = await client.expectOk(
      {
        method: 'POST',
        path: 'orders',
        body: { table_id: 3, items: [{ menu_id: item.id, quantity: 2 }] },
        headers: { 'Idempotency-Key': `menu-admin-${Date.now()}-${counter++}` },
      },
      201,
      orderSchema,
    );
    expect(order.total).toBe(22.5);
    const audit = await client.expectOk(
      withCookie(manager, { path: 'staff/audit', query: { limit: 5 } }),
      200,
      auditEntriesSchema,
    );
    const entry = audit.find((row) => row.entity === 'menu_item' && row.id === item.id && row.action === 'update');
    expect(entry).toMatchObject({ staff: 'manager', before: { price: 9.5 }, after: { price: 11.25 } });
    expect(audit.length).toBeLessThanOrEqual(5);
    await refused(client, withCookie(manager, { path: 'staff/audit', query: { limit: 0 } }), 400, 'bad_request', [
      'limit',
    ]);
  }),

  scenario('a save that changes nothing adds nothing to the audit', async (client) => {
    const manager = await asManager(client);
    const { category, sub, item } = await ownDish(client, manager, {
      allergens: ['milk'],
      options: [{ name: 'Bread', min: 0, max: 1, choices: [{ name: 'Sourdough', price: 1.5, allergens: ['gluten'] }] }],
    });
    const latest = async () =>
      (
        await client.expectOk(
          withCookie(manager, { path: 'staff/audit', query: { limit: 1 } }),
          200,
          auditEntriesSchema,
        )
      )[0];
    const before = await latest();
    const same = { name: item.name, price: item.price, allergens: item.allergens, options: item.options };
    await client.expectOk(
      withCookie(manager, { method: 'PATCH', path: `staff/menu/${item.id}`, body: same }),
      200,
      staffMenuItemSchema,
    );
    await client.expectOk(
      withCookie(manager, { method: 'PATCH', path: `staff/categories/${category.id}`, body: { name: category.name } }),
      200,
      staffCategorySchema,
    );
    await client.expectOk(
      withCookie(manager, { method: 'PATCH', path: `staff/sub-categories/${sub.id}`, body: { name: sub.name } }),
      200,
      staffSubCategorySchema,
    );
    expect(await latest()).toEqual(before);
    await client.expectOk(
      withCookie(manager, { method: 'PATCH', path: `staff/menu/${item.id}`, body: { allergens: ['milk', 'peanuts'] } }),
      200,
      staffMenuItemSchema,
    );
    expect(await latest()).toMatchObject({
      entity: 'menu_item',
      id: item.id,
      before: { allergens: ['milk'] },
      after: { allergens: ['peanuts', 'milk'] },
    });
  }),

  scenario('the kitchen still switches sold out and prep minutes, but changes nothing else', async (client) => {
    const manager = await asManager(client);
    const { item } = await ownDish(client, manager);
    const cook = await asCook(client);
    const soldOut = await client.expectOk(
      withCookie(cook, { method: 'PATCH', path: `staff/menu/${item.id}`, body: { available: false, prep_minutes: 4 } }),
      200,
      staffMenuItemSchema,
    );
    expect(soldOut).toMatchObject({ available: false, prep_minutes: 4 });
    expect((await guestDish(client, item.id))?.available).toBe(false);
    await refused(
      client,
      withCookie(cook, { method: 'PATCH', path: `staff/menu/${item.id}`, body: { available: true, price: 1 } }),
      403,
      'forbidden',
    );
  }),

  scenario('a choice is sold out on its own: guests see it and cannot order it, then it is back', async (client) => {
    const manager = await asManager(client);
    const { item } = await ownDish(client, manager, {
      options: [{ name: 'Extras', min: 0, max: 2, choices: [{ name: 'Anchovies', price: 1.8, allergens: ['fish'] }] }],
    });
    const anchovies = item.options[0]?.choices[0];
    if (!anchovies) throw new Error('no choice');
    const cook = await asCook(client);
    const off = await client.expectOk(
      withCookie(cook, { method: 'PATCH', path: `staff/choices/${anchovies.id}`, body: { available: false } }),
      200,
      staffMenuItemSchema,
    );
    expect(off.options[0]?.choices[0]?.available).toBe(false);
    expect((await guestDish(client, item.id))?.options?.[0]?.choices[0]?.available).toBe(false);
    await client.expectError(
      {
        method: 'POST',
        path: 'orders',
        body: { table_id: 3, items: [{ menu_id: item.id, quantity: 1, choices: [anchovies.id] }] },
      },
      422,
    );
    await client.expectOk(
      withCookie(manager, { method: 'PATCH', path: `staff/choices/${anchovies.id}`, body: { available: true } }),
      200,
      staffMenuItemSchema,
    );
    expect((await guestDish(client, item.id))?.options?.[0]?.choices[0]?.available).toBe(true);
    await refused(
      client,
      withCookie(manager, { method: 'PATCH', path: `staff/choices/${anchovies.id}`, body: { available: 'no' } }),
      422,
      'invalid',
      ['available'],
    );
  }),

  scenario(
    'outside its category’s hours a dish is unavailable until a given time, and ordering it is 422',
    async (client) => {
      const manager = await asManager(client);
      const { category, item } = await ownDish(client, manager);
      const updated = await client.expectOk(
        withCookie(manager, {
          method: 'PATCH',
          path: `staff/categories/${category.id}`,
          body: { hours: hoursExcludingNow() },
        }),
        200,
        staffCategorySchema,
      );
      expect(updated.hours).toEqual(hoursExcludingNow());
      const closed = await guestDish(client, item.id);
      expect(closed?.available).toBe(false);
      const again = Date.parse(closed?.available_again_at ?? '');
      expect(again).toBeGreaterThan(Date.now());
      expect(again - Date.now()).toBeLessThan(26 * 3600_000);
      await client.expectError(
        { method: 'POST', path: 'orders', body: { table_id: 3, items: [{ menu_id: item.id, quantity: 1 }] } },
        422,
        ['items.0.menu_id'],
      );
      // The dish's own hours override its category's: at all hours but Sunday's small hours, open now.
      const allDay = [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' }];
      await client.expectOk(
        withCookie(manager, { method: 'PATCH', path: `staff/menu/${item.id}`, body: { hours: allDay } }),
        200,
        staffMenuItemSchema,
      );
      const open = await guestDish(client, item.id);
      expect(open?.available).toBe(true);
      expect(open?.available_again_at).toBeUndefined();
    },
  ),

  scenario('bad input is 422 naming the field, and changes nothing', async (client) => {
    const manager = await asManager(client);
    const { item, sub } = await ownDish(client, manager);
    const patch = (body: unknown): Call =>
      withCookie(manager, { method: 'PATCH', path: `staff/menu/${item.id}`, body });
    await refused(client, patch({ price: -1 }), 422, 'invalid', ['price']);
    await refused(client, patch({ price: 10_000.01 }), 422, 'invalid', ['price']);
    await refused(client, patch({ price: 1.234 }), 422, 'invalid', ['price']);
    await refused(client, patch({ allergens: ['gluten', 'shellfish'] }), 422, 'invalid', ['allergens.1']);
    await refused(client, patch({ diets: ['keto'] }), 422, 'invalid', ['diets.0']);
    await refused(client, patch({ station: 'Bar Two' }), 422, 'invalid', ['station']);
    await refused(
      client,
      patch({
        options: [
          {
            name: 'Sauce',
            min: 2,
            max: 1,
            choices: [
              { name: 'A', price: 0 },
              { name: 'B', price: 0 },
            ],
          },
        ],
      }),
      422,
      'invalid',
      ['options.0.min'],
    );
    await refused(client, patch({ hours: [{ days: [1], from: '11:30', to: '07:00' }] }), 422, 'invalid', [
      'hours.0.to',
    ]);
    await refused(client, patch({ hours: [{ days: [8], from: '07:00', to: '11:00' }] }), 422, 'invalid', [
      'hours.0.days.0',
    ]);
    await refused(
      client,
      patch({ options: [{ id: UNKNOWN, name: 'X', min: 0, max: 1, choices: [{ name: 'A', price: 0 }] }] }),
      422,
      'invalid',
      ['options.0.id'],
    );
    await refused(client, patch({}), 422, 'invalid');
    await refused(
      client,
      withCookie(manager, { method: 'POST', path: 'staff/menu', body: { sub_cat_id: sub.id, name: '', price: 1 } }),
      422,
      'invalid',
      ['name'],
    );
    const after = await client.expectOk(withCookie(manager, exportCall), 200, menuDocumentSchema);
    const kept = after.categories
      .flatMap((c) => c.sub_categories)
      .flatMap((s) => s.items)
      .find((one) => one.id === item.id);
    expect(kept).toMatchObject({ price: 9.5, allergens: [], hours: null, options: [] });
  }),

  scenario('a photo is re-encoded in two sizes, metadata dropped, served long-cached', async (client) => {
    const manager = await asManager(client);
    const { item } = await ownDish(client, manager);
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c2410c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .toBuffer();
    expect(jpeg.includes('secret-camera-owner')).toBe(true);
    const saved = await client.expectOk(
      withCookie(manager, photoCall(item.id, new Uint8Array(jpeg), 'image/jpeg')),
      200,
      staffMenuItemSchema,
    );
    expect(saved.image).toMatch(/^\/images\/photos\/[a-f0-9]+-960\.webp$/);
    expect((await guestDish(client, item.id))?.image).toBe(saved.image);
    for (const [path, width] of [
      [saved.image ?? '', 960],
      [(saved.image ?? '').replace('-960.webp', '-480.webp'), 480],
    ] as const) {
      const answer = await fetch(new URL(path, client.target.origin));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toBe('image/webp');
      expect(answer.headers.get('Cache-Control')).toMatch(/immutable/);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes('secret-camera-owner')).toBe(false);
    }
  }),

  scenario('a photo too large is 413, a PDF is 415, a file that is not the PNG it claims is 422', async (client) => {
    const manager = await asManager(client);
    const { item } = await ownDish(client, manager);
    const put = (bytes: Uint8Array<ArrayBuffer>, type: string) => withCookie(manager, photoCall(item.id, bytes, type));
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    await refused(client, put(big, 'image/jpeg'), 413, 'payload_too_large');
    await refused(
      client,
      put(new TextEncoder().encode('%PDF-1.7 a menu'), 'application/pdf'),
      415,
      'unsupported_media_type',
    );
    await refused(client, put(new TextEncoder().encode('%PDF-1.7 a menu'), 'image/png'), 422, 'invalid', ['body']);
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    await refused(client, put(broken, 'image/png'), 422, 'invalid', ['body']);
    const kept = await client.expectOk(withCookie(manager, exportCall), 200, menuDocumentSchema);
    const dish = kept.categories
      .flatMap((c) => c.sub_categories)
      .flatMap((s) => s.items)
      .find((one) => one.id === item.id);
    expect(dish?.image).toBeNull();
  }),

  scenario('export then import of the same document changes nothing, dry run and applied', async (client) => {
    const manager = await asManager(client);
    const before = await exported(client, manager);
    expect(before.version).toBe(1);
    const dry = await client.expectOk(withCookie(manager, importCall(before)), 200, importReportSchema);
    expect(dry).toMatchObject({ added: 0, changed: 0, hidden: 0, errors: [], changes: [], applied: false });
    const applied = await client.expectOk(
      withCookie(manager, importCall(before, { apply: 'true' })),
      200,
      importReportSchema,
    );
    expect(applied).toMatchObject({ added: 0, changed: 0, hidden: 0, errors: [], applied: true });
    expect(await exported(client, manager)).toEqual(before);
    // Without ids (a document from elsewhere, like the shipped demo), dishes are found by name: still nothing.
    const withoutIds = JSON.parse(
      JSON.stringify(before, (name, value: unknown) => (name === 'id' ? undefined : value)),
    );
    const byName = await client.expectOk(withCookie(manager, importCall(withoutIds)), 200, importReportSchema);
    expect(byName).toMatchObject({ added: 0, changed: 0, hidden: 0, errors: [] });
  }),

  scenario('an import adds, changes and hides, all at once; a failing one changes nothing', async (client) => {
    const manager = await asManager(client);
    const before = await exported(client, manager);
    const next: MenuDocument = structuredClone(before);
    const name = unique('Breakfast');
    next.categories.push({
      name,
      hours: [{ days: [1, 2, 3, 4, 5], from: '07:00', to: '11:30' }],
      sub_categories: [
        { name: 'Eggs', items: [{ name: 'Shakshuka', price: 12, allergens: ['eggs'], diets: ['vegetarian'] }] },
      ],
    });
    const firstItem = next.categories[0]?.sub_categories[0]?.items[0];
    if (!firstItem) throw new Error('empty menu');
    firstItem.description = `${firstItem.description ?? ''} (new recipe)`;

    const broken = structuredClone(next);
    const brokenItem = broken.categories.at(-1)?.sub_categories[0]?.items[0];
    if (brokenItem) brokenItem.price = -3;
    const refusal = await refused(client, withCookie(manager, importCall(broken, { apply: 'true' })), 422, 'invalid');
    expect(JSON.stringify(refusal.body)).toMatch(/price/);
    expect(await exported(client, manager)).toEqual(before);

    const report = await client.expectOk(
      withCookie(manager, importCall(next, { apply: 'true' })),
      200,
      importReportSchema,
    );
    expect(report).toMatchObject({ added: 3, changed: 1, hidden: 0, applied: true });
    expect(report.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ change: 'added', entity: 'menu_item', name: `${name} › Eggs › Shakshuka` }),
        expect.objectContaining({ change: 'changed', entity: 'menu_item', id: firstItem.id, fields: ['description'] }),
      ]),
    );
    const after = await exported(client, manager);
    const added = after.categories.find((category) => category.name === name);
    expect(added?.hours).toEqual([{ days: [1, 2, 3, 4, 5], from: '07:00', to: '11:30' }]);

    // Importing the document as it was hides what was added and puts the description back.
    const back = await client.expectOk(
      withCookie(manager, importCall(before, { apply: 'true' })),
      200,
      importReportSchema,
    );
    expect(back).toMatchObject({ added: 0, changed: 1, hidden: 3 });
    const audit = await client.expectOk(
      withCookie(manager, { path: 'staff/audit', query: { limit: 1 } }),
      200,
      auditEntriesSchema,
    );
    expect(audit[0]).toMatchObject({ action: 'import', entity: 'menu', after: { added: 0, changed: 1, hidden: 3 } });
  }),

  scenario('a contradiction that could hurt a guest waits for acknowledge=true', async (client) => {
    const manager = await asManager(client);
    const before = await exported(client, manager);
    const next: MenuDocument = structuredClone(before);
    next.categories.push({
      name: unique('Bakery'),
      sub_categories: [
        { name: 'Bread', items: [{ name: 'Sourdough', price: 4, diets: ['gluten-free'], allergens: ['gluten'] }] },
      ],
    });
    const dry = await client.expectOk(withCookie(manager, importCall(next)), 200, importReportSchema);
    expect(dry.warnings).toEqual([
      expect.objectContaining({ field: 'diets', blocking: true, message: expect.stringMatching(/gluten-free/) }),
    ]);
    await refused(client, withCookie(manager, importCall(next, { apply: 'true' })), 422, 'contradictions');
    expect(await exported(client, manager)).toEqual(before);
    const applied = await client.expectOk(
      withCookie(manager, importCall(next, { apply: 'true', acknowledge: 'true' })),
      200,
      importReportSchema,
    );
    expect(applied).toMatchObject({ applied: true, added: 3 });
    await client.expectOk(withCookie(manager, importCall(before, { apply: 'true' })), 200, importReportSchema);
  }),

  scenario('a CSV names its bad lines and fields; a missing column is 422 at once', async (client) => {
    const manager = await asManager(client);
    const header = 'category,sub_category,name,description,price,allergens,diets';
    const missing = await refused(
      client,
      withCookie(manager, csvCall('category,name,price\nA,B,1\n')),
      422,
      'invalid',
      ['line 1'],
    );
    expect(JSON.stringify(missing.body)).toMatch(/sub_category/);
    const before = await exported(client, manager);
    const csv = [
      header,
      'Breakfast,Eggs,Shakshuka,"Eggs in tomato, peppers",12.00,eggs,vegetarian',
      'Breakfast,Eggs,Omelette,Three eggs,abc,eggs,',
      'Breakfast,Eggs,Benedict,On a muffin,14.50,"eggs; shellfish",',
    ].join('\n');
    const dry = await client.expectOk(withCookie(manager, csvCall(csv)), 200, importReportSchema);
    expect(dry.errors).toEqual([
      expect.objectContaining({ line: 3, field: 'price' }),
      expect.objectContaining({ line: 4, field: 'allergens', message: expect.stringMatching(/shellfish/) }),
    ]);
    expect(dry.added).toBeGreaterThan(0);
    // A CSV holds the whole menu's dishes: everything it leaves out would be hidden.
    expect(dry.hidden).toBeGreaterThan(0);
    const refusal = await refused(client, withCookie(manager, csvCall(csv, { apply: 'true' })), 422, 'invalid', [
      'line 3: price',
    ]);
    expect(Object.keys((refusal.body as { error: { fields: object } }).error.fields)).toContain('line 4: allergens');
    expect(await exported(client, manager)).toEqual(before);
    await refused(
      client,
      withCookie(manager, { ...csvCall(csv), headers: { 'Content-Type': 'application/pdf' } }),
      415,
      'unsupported_media_type',
    );
  }),

  scenario('categories and sub-categories are renamed, translated, reordered and hidden', async (client) => {
    const manager = await asManager(client);
    const { category, sub } = await ownDish(client, manager);
    const renamed = await client.expectOk(
      withCookie(manager, {
        method: 'PATCH',
        path: `staff/categories/${category.id}`,
        body: {
          name: `${category.name} renamed`,
          translations: { es: { name: 'Categoría' } },
          sort: 0,
          station: 'bar',
        },
      }),
      200,
      staffCategorySchema,
    );
    expect(renamed).toMatchObject({ sort: 0, station: 'bar', translations: { es: { name: 'Categoría' } } });
    const guestCategories = await client.call({ path: 'category', headers: { 'Accept-Language': 'es' } });
    expect((guestCategories.body as { id: number; name: string }[])[0]).toMatchObject({
      id: category.id,
      name: 'Categoría',
    });
    const movedSub = await client.expectOk(
      withCookie(manager, { method: 'PATCH', path: `staff/sub-categories/${sub.id}`, body: { name: 'Small plates' } }),
      200,
      staffSubCategorySchema,
    );
    expect(movedSub.name).toBe('Small plates');
    await client.expectOk(
      withCookie(manager, { method: 'DELETE', path: `staff/categories/${category.id}` }),
      200,
      staffCategorySchema,
    );
    const after = await client.call({ path: 'category' });
    expect((after.body as { id: number }[]).map((one) => one.id)).not.toContain(category.id);
    const subs = await client.call({ path: 'sub-category' });
    expect((subs.body as { id: number }[]).map((one) => one.id)).not.toContain(sub.id);
  }),
];

export type { StaffMenuItem };
