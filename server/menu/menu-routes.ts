// The back office's calls under /api/v1/staff (contract v1.2 "The menu, kept by the restaurant"): thin HTTP over menu-admin.
import type { Context, Hono } from 'hono';
import type { StaffRole, StaffSession } from '../../contract/staff';
import { MENU_LIMITS } from '../../contract/menu-admin';
import { forbidden } from '../staff/staff-errors';
import { parseJsonBody } from '../api/request-parsing';
import type { ProviderError } from '../api/provider-error';
import { invalid } from '../api/provider-error';
import type { Database } from '../db/database';
import { pathId } from '../staff/staff-parsing';
import {
  createCategory,
  createDish,
  createSubCategory,
  exportMenu,
  importMenu,
  listAudit,
  setChoice,
  setDishPhoto,
  updateCategory,
  updateDish,
  updateSubCategory,
} from './menu-admin';
import {
  ImportUnreadable,
  isKitchenPatch,
  parseAuditQuery,
  parseCategoryPatch,
  parseChoicePatch,
  parseDishPatch,
  parseImport,
  parseNewCategory,
  parseNewDish,
  parseNewSubCategory,
  parseSubCategoryPatch,
} from './menu-parsing';
import { photoTooLarge, readPhoto } from './menu-photos';

/** Who is asking, refusing anyone signed out (401) or, when a role is named, below it (403). */
export type RequireStaff = (c: Context, role?: StaffRole, what?: string) => Promise<StaffSession>;

export interface MenuRouteDeps {
  db: Database;
  now: () => Date;
  session: RequireStaff;
}

/** The calls whose bodies may exceed the API's 64 KiB: a whole menu, a photo. Each still has a bound. */
export const LARGE_BODIES: readonly {
  method: string;
  path: RegExp;
  maxBytes: number;
  tooLarge?: () => ProviderError;
}[] = [
  { method: 'POST', path: /^\/api\/v1\/staff\/menu\/import\/?$/, maxBytes: MENU_LIMITS.importBytesMax },
  {
    method: 'PUT',
    path: /^\/api\/v1\/staff\/menu\/[^/]+\/photo\/?$/,
    maxBytes: MENU_LIMITS.photoBytesMax,
    tooLarge: photoTooLarge,
  },
];

const bodyOf = async (c: Context) => parseJsonBody(await c.req.text());
const searchOf = (c: Context) => new URL(c.req.url).searchParams;

export function addMenuRoutes(staff: Hono, { db, now, session }: MenuRouteDeps): void {
  const manager = (c: Context, what: string) => session(c, 'manager', what);

  staff.post('/categories', async (c) => {
    const me = await manager(c, 'change the menu');
    return c.json(await createCategory(db, me.name, parseNewCategory(await bodyOf(c))), 201);
  });
  staff.patch('/categories/:id', async (c) => {
    const me = await manager(c, 'change the menu');
    const id = pathId(c.req.param('id'), 'category');
    return c.json(await updateCategory(db, me.name, id, parseCategoryPatch(await bodyOf(c))));
  });
  staff.delete('/categories/:id', async (c) => {
    const me = await manager(c, 'change the menu');
    return c.json(await updateCategory(db, me.name, pathId(c.req.param('id'), 'category'), { hidden: true }, 'hide'));
  });

  staff.post('/sub-categories', async (c) => {
    const me = await manager(c, 'change the menu');
    return c.json(await createSubCategory(db, me.name, parseNewSubCategory(await bodyOf(c))), 201);
  });
  staff.patch('/sub-categories/:id', async (c) => {
    const me = await manager(c, 'change the menu');
    const id = pathId(c.req.param('id'), 'sub-category');
    return c.json(await updateSubCategory(db, me.name, id, parseSubCategoryPatch(await bodyOf(c))));
  });
  staff.delete('/sub-categories/:id', async (c) => {
    const me = await manager(c, 'change the menu');
    const id = pathId(c.req.param('id'), 'sub-category');
    return c.json(await updateSubCategory(db, me.name, id, { hidden: true }, 'hide'));
  });

  staff.get('/menu/export', async (c) => {
    await manager(c, 'export the menu');
    c.header('Content-Disposition', 'attachment; filename="menu.json"');
    return c.json(await exportMenu(db));
  });

  staff.post('/menu/import', async (c) => {
    const me = await manager(c, 'import a menu');
    let request;
    try {
      request = parseImport(c.req.header('Content-Type') ?? '', await c.req.text(), searchOf(c));
    } catch (error) {
      if (!(error instanceof ImportUnreadable)) throw error;
      const report = {
        added: 0,
        changed: 0,
        hidden: 0,
        errors: error.errors,
        warnings: [],
        changes: [],
        applied: false,
      };
      if (searchOf(c).get('apply') !== 'true') return c.json(report);
      const fields = Object.fromEntries(
        error.errors.slice(0, 100).map((e) => [`${e.path || 'document'}: ${e.field}`, e.message]),
      );
      throw invalid(`${error.message}; nothing was changed`, fields);
    }
    return c.json(await importMenu(db, me.name, request.document, request.options));
  });

  staff.post('/menu', async (c) => {
    const me = await manager(c, 'add dishes');
    return c.json(await createDish(db, me.name, parseNewDish(await bodyOf(c)), now()), 201);
  });

  // Contract v1.1's availability call is the kitchen's too; any other field is a manager's.
  staff.patch('/menu/:id', async (c) => {
    const me = await session(c);
    const id = pathId(c.req.param('id'), 'menu item');
    const patch = parseDishPatch(await bodyOf(c));
    if (!isKitchenPatch(patch) && me.role !== 'manager')
      throw forbidden('change a dish beyond sold out and prep minutes');
    return c.json(await updateDish(db, me.name, id, patch, now()));
  });
  staff.delete('/menu/:id', async (c) => {
    const me = await manager(c, 'change the menu');
    return c.json(
      await updateDish(db, me.name, pathId(c.req.param('id'), 'menu item'), { hidden: true }, now(), 'hide'),
    );
  });

  staff.put('/menu/:id/photo', async (c) => {
    const me = await manager(c, 'change dish photos');
    const id = pathId(c.req.param('id'), 'menu item');
    const body = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await setDishPhoto(db, me.name, id, c.req.header('Content-Type') ?? '', body, now()));
  });

  // The kitchen runs out of anchovies as it runs out of dishes: any member of staff may say so.
  staff.patch('/choices/:id', async (c) => {
    const me = await session(c);
    const id = pathId(c.req.param('id'), 'choice');
    const { available } = parseChoicePatch(await bodyOf(c));
    return c.json(await setChoice(db, me.name, id, available, now()));
  });

  staff.get('/audit', async (c) => {
    await manager(c, 'read the menu’s audit list');
    return c.json(await listAudit(db, parseAuditQuery(searchOf(c)).limit));
  });
}

const PHOTO_NAME = /^[a-f0-9]{16,64}-\d{2,4}\.webp$/;

/** Dish photos as guests load them: named by their bytes' hash, so a browser keeps each for a year. */
export function addPhotoFiles(app: Hono, db: Database): void {
  app.get('/images/photos/:name', async (c) => {
    const name = c.req.param('name');
    const bytes = PHOTO_NAME.test(name) ? await readPhoto(db, name) : undefined;
    if (!bytes) return c.text('Image not found', 404);
    c.header('Content-Type', 'image/webp');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(bytes));
  });
}
