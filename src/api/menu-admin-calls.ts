// The menu back office's calls (contract v1.2), one typed function each: the console's only, never the guests'.
import * as z from 'zod/mini';
import { request } from './client';
import { ApiError } from './errors';
import { restaurantSchema } from '../../contract/restaurant';
import {
  auditEntriesSchema,
  importReportSchema,
  menuDocumentSchema,
  staffCategorySchema,
  staffMenuItemSchema,
  staffSubCategorySchema,
  type CategoryPatch,
  type DishPatch,
  type NewCategory,
  type NewDish,
  type NewSubCategory,
  type SubCategoryPatch,
} from '../../contract/menu-admin';

interface CallOptions {
  signal?: AbortSignal;
}

/** Photos and whole menus travel slowly from a tablet on the restaurant's Wi-Fi. */
const UPLOAD_TIMEOUT_MS = 60_000;
// Names and descriptions as the restaurant wrote them, whatever the device's guest language.
const OWN = { 'Accept-Language': '*' };

export const getMenuDocument = ({ signal }: CallOptions = {}) =>
  request(menuDocumentSchema, 'staff/menu/export', { signal, headers: OWN });

export const createCategory = (body: NewCategory) =>
  request(staffCategorySchema, 'staff/categories', { method: 'post', json: body });
export const updateCategory = (id: number, patch: CategoryPatch) =>
  request(staffCategorySchema, `staff/categories/${id}`, { method: 'patch', json: patch });
export const hideCategory = (id: number) =>
  request(staffCategorySchema, `staff/categories/${id}`, { method: 'delete' });

export const createSubCategory = (body: NewSubCategory) =>
  request(staffSubCategorySchema, 'staff/sub-categories', { method: 'post', json: body });
export const updateSubCategory = (id: number, patch: SubCategoryPatch) =>
  request(staffSubCategorySchema, `staff/sub-categories/${id}`, { method: 'patch', json: patch });
export const hideSubCategory = (id: number) =>
  request(staffSubCategorySchema, `staff/sub-categories/${id}`, { method: 'delete' });

export const createDish = (body: NewDish) => request(staffMenuItemSchema, 'staff/menu', { method: 'post', json: body });
export const changeDish = (id: number, patch: DishPatch) =>
  request(staffMenuItemSchema, `staff/menu/${id}`, { method: 'patch', json: patch });
export const hideDish = (id: number) => request(staffMenuItemSchema, `staff/menu/${id}`, { method: 'delete' });

export const setChoiceAvailable = (id: number, available: boolean) =>
  request(staffMenuItemSchema, `staff/choices/${id}`, { method: 'patch', json: { available } });

/** The file as chosen (camera or files): the provider checks and re-encodes it. */
export const uploadDishPhoto = (id: number, photo: Blob) =>
  request(staffMenuItemSchema, `staff/menu/${id}/photo`, {
    method: 'put',
    body: photo,
    headers: { 'Content-Type': photo.type || 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
  });

/**
 * A MenuDocument (JSON) or dishes as CSV: by the file's name, else by its first character (a document opens with `{`),
 * so a broken .json file is read as JSON and answered as one; a dry run unless `apply`.
 */
export function importMenu(file: { text: string; name: string }, options: { apply: boolean; acknowledge: boolean }) {
  const json = /\.json$/i.test(file.name) || (!/\.csv$/i.test(file.name) && /^[{[]/.test(file.text.trimStart()));
  const csv = !json;
  const searchParams: Record<string, string> = {};
  if (options.apply) searchParams.apply = 'true';
  if (options.acknowledge) searchParams.acknowledge = 'true';
  return request(importReportSchema, 'staff/menu/import', {
    method: 'post',
    body: file.text,
    headers: { 'Content-Type': csv ? 'text/csv' : 'application/json' },
    searchParams,
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

export const getMenuAudit = (limit: number, { signal }: CallOptions = {}) =>
  request(auditEntriesSchema, 'staff/audit', { searchParams: { limit: String(limit) }, signal });

const languagesSchema = z.object({ languages: restaurantSchema.shape.languages });

/** The languages the restaurant offers, its own first; a provider without a profile (404) offers the app's three. */
export async function getMenuLanguages({ signal }: CallOptions = {}): Promise<string[]> {
  try {
    const { languages } = await request(languagesSchema, 'restaurant', { signal });
    return languages.length > 0 ? languages : DEFAULT_LANGUAGES;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return DEFAULT_LANGUAGES;
    throw error;
  }
}

const DEFAULT_LANGUAGES = ['en', 'es', 'ar'];
