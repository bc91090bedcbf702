// The fake provider's menu (contract v1.2 back office): guests' reads, the manager's changes, photos, import and export.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Category, MenuItem, SubCategory } from '../../contract/guest';
import {
  MENU_LIMITS,
  auditEntriesSchema,
  importReportSchema,
  menuDocumentSchema,
  staffCategorySchema,
  staffMenuItemSchema,
  staffSubCategorySchema,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
  type StaffCategory,
  type StaffMenuItem,
  type StaffSubCategory,
} from '../../contract/menu-admin';
import type { StaffRole, StaffSession } from '../../contract/staff';
import { effectiveHours } from '../../src/domain/hours';
import { invalid, payloadTooLarge, ProviderError } from '../../server/api/provider-error';
import { checkBearer, checkJsonContentType, parseJsonBody, type MenuFilter } from '../../server/api/request-parsing';
import { RESTAURANT_LANGUAGE, wantedLanguages } from '../../server/catalog/menu-language';
import { categoryNotFound, choiceNotFound, dishNotFound, subCategoryNotFound } from '../../server/menu/menu-errors';
import { toGuestCategory, toGuestItem, toGuestSubCategory } from '../../server/menu/guest-view';
import { applyPlan, importRefused, planImport, toDocument } from '../../server/menu/menu-import';
import {
  changedCategoryFields,
  changedItemFields,
  changedSubCategoryFields,
  mergeCategory,
  mergeItem,
  mergeSubCategory,
  reordered,
  type MenuSnapshot,
} from '../../server/menu/menu-model';
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
} from '../../server/menu/menu-parsing';
import type { MenuEntry } from '../../server/orders/order-checks';
import { pathId } from '../../server/staff/staff-parsing';
import { forbidden } from '../../server/staff/staff-errors';
import { toCents } from '../../src/domain/money';
import { demoSnapshot } from '../../server/seed/demo-menu';
import type { DemoRestaurant } from '../../server/seed/demo-restaurant';

interface Answer {
  status?: number;
  body: unknown;
  schema: { parse(value: unknown): unknown };
  headers?: Record<string, string>;
}

export interface FakeMenuContext {
  origin: string;
  base: string;
  token: string;
  data: DemoRestaurant;
  now: () => Date;
  /** The restaurant's time zone, which hours are written in (its profile's, read at each answer). */
  timeZone: () => string;
  requireSession(request: Request, role?: StaffRole, what?: string): StaffSession;
}

export interface FakeMenu {
  handlers: HttpHandler[];
  /** Everything the back office keeps, hidden entities too; tests may read it. */
  snapshot: MenuSnapshot;
  languageOf(header: string | null): string;
  categories(language: string): Category[];
  subCategories(categoryId: number | undefined, language: string): SubCategory[];
  items(filter: MenuFilter, language: string): MenuItem[];
  /** What an order's checks need of a dish (hidden with its parents, hours its own or its category's). */
  entry(id: number): MenuEntry | undefined;
  audit: AuditEntry[];
}

const errorResponse = (error: ProviderError) =>
  HttpResponse.json(error.toBody(), { status: error.status, headers: { ...error.headers } });

export function createFakeMenu(ctx: FakeMenuContext): FakeMenu {
  const snapshot = demoSnapshot(ctx.data);
  // The demo's prices written as text ("$9.50") are answered as written until the restaurant sets a price.
  const labels = new Map(
    ctx.data.menuItems.filter((item) => typeof item.price === 'string').map((item) => [item.id, String(item.price)]),
  );
  const nextId = {
    category: Math.max(0, ...snapshot.categories.map((one) => one.id)) + 1,
    sub: Math.max(0, ...snapshot.subCategories.map((one) => one.id)) + 1,
    item: Math.max(0, ...snapshot.items.map((one) => one.id)) + 1,
    group: Math.max(0, ...snapshot.items.flatMap((one) => one.options.map((group) => group.id))) + 1,
    choice:
      Math.max(0, ...snapshot.items.flatMap((one) => one.options.flatMap((group) => group.choices.map((c) => c.id)))) +
      1,
  };
  const audit: AuditEntry[] = [];
  const photos = new Map<string, Uint8Array>();

  const bySort = <T extends { sort: number; id: number }>(list: T[]) =>
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const category = (id: number) => snapshot.categories.find((one) => one.id === id);
  const sub = (id: number) => snapshot.subCategories.find((one) => one.id === id);
  const item = (id: number) => snapshot.items.find((one) => one.id === id);
  const copy = <T>(value: T): T => structuredClone(value);

  // --- Writes, as the provider's menu-store makes them -------------------------------------------------------------
  function saveCategory(before: StaffCategory | null, next: StaffCategory): number {
    const id = before?.id ?? nextId.category++;
    const stored = { ...copy(next), id };
    if (before) snapshot.categories.splice(snapshot.categories.indexOf(category(id) as StaffCategory), 1, stored);
    else snapshot.categories.push(stored);
    bySort(snapshot.categories);
    return id;
  }
  function saveSubCategory(before: StaffSubCategory | null, next: StaffSubCategory): number {
    const id = before?.id ?? nextId.sub++;
    const stored = { ...copy(next), id };
    if (before) snapshot.subCategories.splice(snapshot.subCategories.indexOf(sub(id) as StaffSubCategory), 1, stored);
    else snapshot.subCategories.push(stored);
    bySort(snapshot.subCategories);
    for (const dish of snapshot.items) if (dish.sub_cat_id === id) dish.cat_id = stored.category_id;
    return id;
  }
  function saveItem(before: StaffMenuItem | null, next: StaffMenuItem): number {
    const id = before?.id ?? nextId.item++;
    if (before && toCents(before.price) !== toCents(next.price)) labels.delete(id);
    const stored: StaffMenuItem = {
      ...copy(next),
      id,
      cat_id: sub(next.sub_cat_id)?.category_id ?? next.cat_id,
      options: next.options.map((group) => ({
        ...copy(group),
        id: group.id || nextId.group++,
        choices: group.choices.map((choice) => ({ ...copy(choice), id: choice.id || nextId.choice++ })),
      })),
    };
    if (before) snapshot.items.splice(snapshot.items.indexOf(item(id) as StaffMenuItem), 1, stored);
    else snapshot.items.push(stored);
    bySort(snapshot.items);
    return id;
  }
  function saveOrder(list: { id: number; sort: number }[], ids: readonly number[]) {
    ids.forEach((id, position) => {
      const found = list.find((one) => one.id === id);
      if (found) found.sort = position;
    });
    bySort(list);
  }
  const record = (
    staff: string,
    action: AuditAction,
    entity: AuditEntity,
    id: number | null,
    before: unknown,
    after: unknown,
  ) =>
    audit.unshift({ at: ctx.now().toISOString(), staff, action, entity, id, before: copy(before), after: copy(after) });

  // --- Guests' view ------------------------------------------------------------------------------------------------
  const visibleCategory = (id: number) => {
    const found = category(id);
    return found && !found.hidden ? found : undefined;
  };
  const visibleSub = (id: number) => {
    const found = sub(id);
    return found && !found.hidden && visibleCategory(found.category_id) ? found : undefined;
  };
  const rank = (list: { id: number }[], id: number) => list.findIndex((one) => one.id === id);
  const guestItem = (dish: StaffMenuItem, language: string): MenuItem => {
    const answer = toGuestItem(dish, category(dish.cat_id), language, ctx.now(), ctx.timeZone());
    const label = labels.get(dish.id);
    return label === undefined ? answer : { ...answer, price: label };
  };
  function languageOf(header: string | null): string {
    const available = new Set(
      [...snapshot.categories, ...snapshot.subCategories, ...snapshot.items].flatMap((one) =>
        Object.keys(one.translations),
      ),
    );
    for (const language of wantedLanguages(header ?? undefined)) {
      if (language === RESTAURANT_LANGUAGE || language === '*') return RESTAURANT_LANGUAGE;
      if (available.has(language)) return language;
    }
    return RESTAURANT_LANGUAGE;
  }

  // --- Handlers ----------------------------------------------------------------------------------------------------
  /** Bearer token, an optional body limit and the contract's error shape around one call, sync or not. */
  function route(
    handle: (request: Request, params: Record<string, string>) => Answer | Promise<Answer>,
    maxBytes = 64 * 1024,
  ) {
    return async ({ request, params = {} }: { request: Request; params?: Record<string, unknown> }) => {
      try {
        checkBearer(request.headers.get('Authorization'), ctx.token);
        const length = Number(request.headers.get('Content-Length') ?? '0');
        if (length > maxBytes) throw maxBytes === MENU_LIMITS.photoBytesMax ? photoLimit() : payloadTooLarge(maxBytes);
        const named = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value ?? '')]));
        const answer = await handle(request, named);
        return HttpResponse.json(answer.schema.parse(answer.body) as never, {
          status: answer.status ?? 200,
          headers: { 'Cache-Control': 'no-store', ...answer.headers },
        });
      } catch (error) {
        if (error instanceof ProviderError) return errorResponse(error);
        throw error;
      }
    };
  }
  const photoLimit = () =>
    new ProviderError(413, `A photo may be at most ${MENU_LIMITS.photoBytesMax / 1024 / 1024} MB`, {
      body: 'too large',
    });
  const json = async (request: Request) => {
    const text = await request.text();
    if (new TextEncoder().encode(text).byteLength > 64 * 1024) throw payloadTooLarge(64 * 1024);
    if (text !== '') checkJsonContentType(request.headers.get('Content-Type'));
    return parseJsonBody(text);
  };
  const url = (path: string) => `${ctx.base}/staff${path}`;
  const manager = (request: Request, what: string) => ctx.requireSession(request, 'manager', what);
  const parentCategory = (id: number) =>
    category(id) ?? raise(invalid(`There is no category ${id}`, { category_id: 'no such category' }));
  const parentSub = (id: number) =>
    sub(id) ?? raise(invalid(`There is no sub-category ${id}`, { sub_cat_id: 'no such sub-category' }));

  function changeCategory(
    staff: string,
    id: number,
    patch: ReturnType<typeof parseCategoryPatch>,
    action: AuditAction,
  ) {
    const before = copy(category(id) ?? raise(categoryNotFound(id)));
    const { sort, ...fields } = patch;
    saveCategory(before, { ...mergeCategory(before, fields), sort: before.sort });
    if (sort !== undefined)
      saveOrder(
        snapshot.categories,
        reordered(
          snapshot.categories.map((one) => one.id),
          id,
          sort,
        ),
      );
    const saved = copy(category(id) as StaffCategory);
    if (changedCategoryFields(before, saved, true).length > 0) record(staff, action, 'category', id, before, saved);
    return { body: saved, schema: staffCategorySchema };
  }
  function changeSub(staff: string, id: number, patch: ReturnType<typeof parseSubCategoryPatch>, action: AuditAction) {
    const before = copy(sub(id) ?? raise(subCategoryNotFound(id)));
    if (patch.category_id !== undefined) parentCategory(patch.category_id);
    const { sort, ...fields } = patch;
    const next = mergeSubCategory(before, fields);
    const moved = next.category_id !== before.category_id;
    saveSubCategory(before, { ...next, sort: moved ? 100_000 : before.sort });
    if (sort !== undefined || moved) {
      const siblings = snapshot.subCategories.filter((one) => one.category_id === next.category_id);
      saveOrder(
        snapshot.subCategories,
        reordered(
          siblings.map((one) => one.id),
          id,
          sort ?? siblings.length,
        ),
      );
    }
    const saved = copy(sub(id) as StaffSubCategory);
    if (changedSubCategoryFields(before, saved, true).length > 0)
      record(staff, action, 'sub_category', id, before, saved);
    return { body: saved, schema: staffSubCategorySchema };
  }
  function changeDish(staff: string, id: number, patch: ReturnType<typeof parseDishPatch>, action: AuditAction) {
    const before = copy(item(id) ?? raise(dishNotFound(id)));
    const { sort, ...fields } = patch;
    const parent = fields.sub_cat_id === undefined ? undefined : parentSub(fields.sub_cat_id);
    const next = mergeItem(before, fields, parent?.category_id ?? before.cat_id);
    const moved = next.sub_cat_id !== before.sub_cat_id;
    saveItem(before, { ...next, sort: moved ? 100_000 : before.sort });
    if (sort !== undefined || moved) {
      const siblings = snapshot.items.filter((one) => one.sub_cat_id === next.sub_cat_id);
      saveOrder(
        snapshot.items,
        reordered(
          siblings.map((one) => one.id),
          id,
          sort ?? siblings.length,
        ),
      );
    }
    const saved = copy(item(id) as StaffMenuItem);
    if (changedItemFields(before, saved, true).length > 0) record(staff, action, 'menu_item', id, before, saved);
    return { body: saved, schema: staffMenuItemSchema };
  }

  const handlers: HttpHandler[] = [
    http.post(
      url('/categories'),
      route(async (request) => {
        const me = manager(request, 'change the menu');
        const input = parseNewCategory(await json(request));
        const id = saveCategory(null, { ...mergeCategory(null, input), sort: 100_000 });
        saveOrder(
          snapshot.categories,
          reordered(
            snapshot.categories.map((one) => one.id),
            id,
            input.sort ?? Infinity,
          ),
        );
        const saved = copy(category(id) as StaffCategory);
        record(me.name, 'create', 'category', id, null, saved);
        return { status: 201, body: saved, schema: staffCategorySchema };
      }),
    ),
    http.patch(
      url('/categories/:id'),
      route(async (request, params) => {
        const me = manager(request, 'change the menu');
        const id = pathId(params.id ?? '', 'category');
        return changeCategory(me.name, id, parseCategoryPatch(await json(request)), 'update');
      }),
    ),
    http.delete(
      url('/categories/:id'),
      route((request, params) => {
        const me = manager(request, 'change the menu');
        return changeCategory(me.name, pathId(params.id ?? '', 'category'), { hidden: true }, 'hide');
      }),
    ),
    http.post(
      url('/sub-categories'),
      route(async (request) => {
        const me = manager(request, 'change the menu');
        const input = parseNewSubCategory(await json(request));
        parentCategory(input.category_id);
        const id = saveSubCategory(null, { ...mergeSubCategory(null, input), sort: 100_000 });
        const siblings = snapshot.subCategories.filter((one) => one.category_id === input.category_id);
        saveOrder(
          snapshot.subCategories,
          reordered(
            siblings.map((one) => one.id),
            id,
            input.sort ?? Infinity,
          ),
        );
        const saved = copy(sub(id) as StaffSubCategory);
        record(me.name, 'create', 'sub_category', id, null, saved);
        return { status: 201, body: saved, schema: staffSubCategorySchema };
      }),
    ),
    http.patch(
      url('/sub-categories/:id'),
      route(async (request, params) => {
        const me = manager(request, 'change the menu');
        const id = pathId(params.id ?? '', 'sub-category');
        return changeSub(me.name, id, parseSubCategoryPatch(await json(request)), 'update');
      }),
    ),
    http.delete(
      url('/sub-categories/:id'),
      route((request, params) => {
        const me = manager(request, 'change the menu');
        return changeSub(me.name, pathId(params.id ?? '', 'sub-category'), { hidden: true }, 'hide');
      }),
    ),
    http.get(
      url('/menu/export'),
      route((request) => {
        manager(request, 'export the menu');
        return { body: toDocument(snapshot), schema: menuDocumentSchema };
      }),
    ),
    http.post(
      url('/menu/import'),
      route(async (request) => {
        const me = manager(request, 'import a menu');
        const params = new URL(request.url).searchParams;
        let parsed;
        try {
          parsed = parseImport(request.headers.get('Content-Type') ?? '', await request.text(), params);
        } catch (error) {
          if (!(error instanceof ImportUnreadable)) throw error;
          if (params.get('apply') === 'true') {
            throw invalid(
              `${error.message}; nothing was changed`,
              Object.fromEntries(error.errors.map((e) => [`${e.path || 'document'}: ${e.field}`, e.message])),
            );
          }
          const body = {
            added: 0,
            changed: 0,
            hidden: 0,
            errors: error.errors,
            warnings: [],
            changes: [],
            applied: false,
          };
          return { body, schema: importReportSchema };
        }
        const { document, options } = parsed;
        const plan = planImport(copy(snapshot), document, options.lineOf);
        const report = { ...plan.report, errors: [...(options.readErrors ?? []), ...plan.report.errors] };
        if (!options.apply) return { body: report, schema: importReportSchema };
        const blocking = report.warnings.filter((warning) => warning.blocking);
        if (report.errors.length > 0 || (blocking.length > 0 && !options.acknowledge))
          throw importRefused(report, blocking);
        await applyPlan(plan, {
          saveCategory: async (before, next) => saveCategory(before, next),
          saveSubCategory: async (before, next) => saveSubCategory(before, next),
          saveItem: async (before, next) => saveItem(before, next),
        });
        if (report.added + report.changed + report.hidden > 0) {
          const { added, changed, hidden, changes } = report;
          record(me.name, 'import', 'menu', null, null, { added, changed, hidden, changes });
        }
        return { body: { ...report, applied: true }, schema: importReportSchema };
      }, MENU_LIMITS.importBytesMax),
    ),
    http.post(
      url('/menu'),
      route(async (request) => {
        const me = manager(request, 'add dishes');
        const input = parseNewDish(await json(request));
        const parent = parentSub(input.sub_cat_id);
        const id = saveItem(null, { ...mergeItem(null, input, parent.category_id), sort: 100_000 });
        const siblings = snapshot.items.filter((one) => one.sub_cat_id === parent.id);
        saveOrder(
          snapshot.items,
          reordered(
            siblings.map((one) => one.id),
            id,
            input.sort ?? Infinity,
          ),
        );
        const saved = copy(item(id) as StaffMenuItem);
        record(me.name, 'create', 'menu_item', id, null, saved);
        return { status: 201, body: saved, schema: staffMenuItemSchema };
      }),
    ),
    http.patch(
      url('/menu/:id'),
      route(async (request, params) => {
        const me = ctx.requireSession(request);
        const id = pathId(params.id ?? '', 'menu item');
        const patch = parseDishPatch(await json(request));
        if (!isKitchenPatch(patch) && me.role !== 'manager')
          throw forbidden('change a dish beyond sold out and prep minutes');
        return changeDish(me.name, id, patch, 'update');
      }),
    ),
    http.delete(
      url('/menu/:id'),
      route((request, params) => {
        const me = manager(request, 'change the menu');
        return changeDish(me.name, pathId(params.id ?? '', 'menu item'), { hidden: true }, 'hide');
      }),
    ),
    http.put(
      url('/menu/:id/photo'),
      route(async (request, params) => {
        const me = manager(request, 'change dish photos');
        const id = pathId(params.id ?? '', 'menu item');
        const before = copy(item(id) ?? raise(dishNotFound(id)));
        const body = new Uint8Array(await request.arrayBuffer());
        // sharp is loaded only when a test sends a photo: the component tests never pay for it.
        const { encodePhoto } = await import('../../server/menu/menu-photos');
        const photo = await encodePhoto(request.headers.get('Content-Type') ?? '', body);
        for (const file of photo.files) photos.set(file.name, new Uint8Array(file.bytes));
        saveItem(before, { ...before, image: photo.image });
        const saved = copy(item(id) as StaffMenuItem);
        record(me.name, 'photo', 'menu_item', id, { image: before.image }, { image: saved.image });
        return { body: saved, schema: staffMenuItemSchema };
      }, MENU_LIMITS.photoBytesMax),
    ),
    http.patch(
      url('/choices/:id'),
      route(async (request, params) => {
        const me = ctx.requireSession(request);
        const id = pathId(params.id ?? '', 'choice');
        const { available } = parseChoicePatch(await json(request));
        const dish = snapshot.items.find((one) => one.options.some((group) => group.choices.some((c) => c.id === id)));
        const choice = dish?.options.flatMap((group) => group.choices).find((one) => one.id === id);
        if (!dish || !choice) throw choiceNotFound(id);
        const before = copy(choice);
        choice.available = available;
        record(me.name, 'update', 'choice', id, before, copy(choice));
        return { body: copy(dish), schema: staffMenuItemSchema };
      }),
    ),
    http.get(
      url('/audit'),
      route((request) => {
        manager(request, 'read the menu’s audit list');
        const { limit } = parseAuditQuery(new URL(request.url).searchParams);
        return { body: audit.slice(0, limit), schema: auditEntriesSchema };
      }),
    ),
    http.get(`${ctx.origin}/images/photos/:name`, ({ params }) => {
      const bytes = photos.get(String(params.name));
      if (!bytes) return new HttpResponse('Image not found', { status: 404 });
      return new HttpResponse(bytes, {
        headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable' },
      });
    }),
  ];

  return {
    handlers,
    snapshot,
    audit,
    languageOf,
    categories: (language) =>
      snapshot.categories.filter((one) => !one.hidden).map((one) => toGuestCategory(one, language)),
    subCategories: (categoryId, language) =>
      snapshot.subCategories
        .filter((one) => visibleSub(one.id) && (categoryId === undefined || one.category_id === categoryId))
        .sort((a, b) => rank(snapshot.categories, a.category_id) - rank(snapshot.categories, b.category_id))
        .map((one) => toGuestSubCategory(one, language)),
    items(filter, language) {
      return snapshot.items
        .filter(
          (one) =>
            !one.hidden &&
            visibleSub(one.sub_cat_id) &&
            (filter.kind === 'all' ||
              (filter.kind === 'category' && one.cat_id === filter.id) ||
              (filter.kind === 'sub-category' && one.sub_cat_id === filter.id) ||
              (filter.kind === 'item' && one.id === filter.id)),
        )
        .sort(
          (a, b) =>
            rank(snapshot.categories, a.cat_id) - rank(snapshot.categories, b.cat_id) ||
            rank(snapshot.subCategories, a.sub_cat_id) - rank(snapshot.subCategories, b.sub_cat_id),
        )
        .map((one) => guestItem(one, language));
    },
    entry(id) {
      const dish = item(id);
      if (!dish) return undefined;
      return {
        id: dish.id,
        name: dish.name,
        available: dish.available,
        priceCents: toCents(dish.price),
        hidden: dish.hidden || !visibleSub(dish.sub_cat_id),
        hours: effectiveHours(dish.hours, category(dish.cat_id)?.hours ?? null),
        options: dish.options.map((group) => ({
          id: group.id,
          name: group.name,
          min: group.min,
          max: group.max,
          choices: group.choices.map((choice) => ({ ...choice, priceCents: toCents(choice.price) })),
        })),
      };
    },
  };
}

function raise(error: Error): never {
  throw error;
}
