// Reads the back office's requests (bodies, queries, who may send which field), shared by the provider and the MSW fake.
import type * as z from 'zod/mini';
import { queryIdSchema } from '../../contract/guest';
import {
  KITCHEN_DISH_FIELDS,
  MENU_LIMITS,
  categoryPatchSchema,
  choicePatchSchema,
  dishPatchSchema,
  newCategorySchema,
  newDishSchema,
  newSubCategorySchema,
  subCategoryPatchSchema,
  type DishPatch,
} from '../../contract/menu-admin';
import { badRequest, invalid, ProviderError, type FieldErrors } from '../api/provider-error';
import '../api/zod-messages';
import { readCsv } from './menu-csv';
import { readDocument } from './menu-import';
import type { ImportOptions } from './menu-admin';
import type { MenuDocument } from '../../contract/menu-admin';

function parseWith<Schema extends z.ZodMiniType>(schema: Schema, body: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  const detail = Object.entries(fields)
    .slice(0, 10)
    .map(([path, reason]) => `${path}: ${reason}`)
    .join('; ');
  throw invalid(`This ${what} is not valid: ${detail}`, fields);
}

export const parseNewCategory = (body: unknown) => parseWith(newCategorySchema, body, 'category');
export const parseCategoryPatch = (body: unknown) => parseWith(categoryPatchSchema, body, 'change');
export const parseNewSubCategory = (body: unknown) => parseWith(newSubCategorySchema, body, 'sub-category');
export const parseSubCategoryPatch = (body: unknown) => parseWith(subCategoryPatchSchema, body, 'change');
export const parseNewDish = (body: unknown) => parseWith(newDishSchema, body, 'dish');
export const parseDishPatch = (body: unknown) => parseWith(dishPatchSchema, body, 'change');
export const parseChoicePatch = (body: unknown) => parseWith(choicePatchSchema, body, 'change');

/** Whether the change is one the kitchen may make (sold out, prep minutes); anything else is a manager's. */
export const isKitchenPatch = (patch: DishPatch) =>
  Object.keys(patch).every((field) => (KITCHEN_DISH_FIELDS as readonly string[]).includes(field));

export function parseAuditQuery(params: URLSearchParams): { limit: number } {
  const raw = params.get('limit');
  if (raw === null) return { limit: 100 };
  const parsed = queryIdSchema.safeParse(raw);
  if (!parsed.success || parsed.data > MENU_LIMITS.auditLimitMax) {
    throw badRequest(`limit must be a whole number from 1 to ${MENU_LIMITS.auditLimitMax}`, {
      limit: `1 to ${MENU_LIMITS.auditLimitMax}`,
    });
  }
  return { limit: parsed.data };
}

const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];

export interface ImportRequest {
  document: MenuDocument;
  options: ImportOptions;
}

/**
 * An import's body, JSON (a MenuDocument) or CSV by its Content-Type, and its query. A document with schema errors is
 * still planned for a dry run with what can be read, so its report names every error; a body that is neither is 415.
 */
export function parseImport(contentType: string, text: string, params: URLSearchParams): ImportRequest {
  const flag = (name: string) => {
    const value = params.get(name);
    if (value === null || value === 'false') return false;
    if (value === 'true') return true;
    throw badRequest(`${name} must be true or false`, { [name]: 'true or false' });
  };
  const options = { apply: flag('apply'), acknowledge: flag('acknowledge') };
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') {
    const read = readDocument(parseImportJson(text));
    if (read.document) return { document: read.document, options };
    // Nothing to plan against: the report is its errors.
    throw new ImportUnreadable(read.errors);
  }
  if (CSV_TYPES.includes(type)) {
    const csv = readCsv(text);
    return { document: csv.document, options: { ...options, lineOf: csv.lineOf, readErrors: csv.errors } };
  }
  throw new ProviderError(
    415,
    `An import is a MenuDocument (application/json) or dishes as text/csv, not ${type || 'nothing'}`,
    {
      'Content-Type': 'application/json or text/csv',
    },
  );
}

/** The file's JSON, or 400 saying where the parser stopped, in lines and columns as an editor shows them. */
function parseImportJson(text: string): unknown {
  if (text.trim() === '') throw badRequest('This file is empty: a MenuDocument is JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = jsonProblem(text, error instanceof Error ? error.message : '');
    throw badRequest(`This file is not valid JSON: ${reason}`);
  }
}

/**
 * The parser's words for a JSON error, without V8's copy of the text (`Unexpected token 'o', "not json{" is not valid
 * JSON`), and its "at position 7" as a line and a column, which a text editor can go to.
 */
export function jsonProblem(text: string, message: string): string {
  const words = message.replace(/, ".*" is not valid JSON$/s, '').replace(/ \(line \d+ column \d+\)$/, '');
  const position = /^(.*) in JSON at position (\d+)$/s.exec(words);
  if (!position) return words ? `${words}.` : 'it does not parse.';
  const before = text.slice(0, Number(position[2]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${position[1]} at line ${line}, column ${column}.`;
}

/** A MenuDocument that does not match the schema: reported (dry run) or refused (apply), naming each path and field. */
export class ImportUnreadable extends Error {
  constructor(readonly errors: { path?: string; field: string; message: string }[]) {
    super(`The MenuDocument has ${errors.length} error${errors.length === 1 ? '' : 's'}`);
  }
}
