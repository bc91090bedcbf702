// The provider contract (../shared/api-contract.md) as zod schemas: the one source of truth for the app, the MSW handlers and the reference provider.
// Written with zod/mini, zod's tree-shakable functional API (same engine, same answers): the guests' browsers download
// only the checks used here. Full zod's `.min(1)` is `.check(z.minLength(1))` here, `.optional()` is `z.optional(…)`.
import * as z from 'zod/mini';
import { stripBidiControls } from '../src/domain/text';

// The app runs under a CSP without 'unsafe-eval'; zod's JIT compiler would probe `new Function` and the browser would
// report a violation. Interpreted parsing is fast enough for answers of this size.
z.config({ jitless: true });

/** PostgreSQL's `integer`: every id the contract uses fits in it, so anything larger is no id at all. */
export const MAX_ID = 2_147_483_647;

/** Ids are positive integers everywhere except `orderID`. */
export const idSchema = z.number().check(z.int(), z.positive(), z.maximum(MAX_ID));

/** Query-string ids arrive as text; only a plain positive integer is an id. */
export const queryIdSchema = z
  .pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'must be a positive integer')), z.transform(Number))
  .check(z.refine((id) => id <= MAX_ID, `must be at most ${MAX_ID}`));

// A NUL cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate is no character at all: both are refused
// where a guest's text comes in, naming the field, instead of failing deep in the database.
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasUnstorableText = (value: string) => UNSTORABLE_TEXT.test(value);
const NO_UNSTORABLE_TEXT = 'must not contain NUL bytes or unpaired surrogates';
export const storableText = () => z.string().check(z.refine((value) => !hasUnstorableText(value), NO_UNSTORABLE_TEXT));

/**
 * What a person types for others to read (a guest's name, a note for the kitchen, a reason): storable, and without
 * bidirectional controls, taken out before any other check (src/domain/text.ts), so the length rules count what shows.
 */
export const personText = () => storableText().check(z.overwrite(stripBidiControls));

export const orderIdSchema = storableText().check(z.trim(), z.minLength(1), z.maxLength(64));

/** What makes an order the guest's own (contract v1.1); only the answers to `POST orders` carry it. */
export const orderKeySchema = z.string().check(z.minLength(16), z.maxLength(128));

export const MENU_TAGS = ['vegetarian', 'vegan', 'spicy', 'gluten-free', 'contains-nuts', 'new'] as const;
export type MenuTag = (typeof MENU_TAGS)[number];

/** The tags that say what a guest may eat (a vegan dish counts as vegetarian too). */
export const DIETS = ['vegetarian', 'vegan', 'gluten-free'] as const;
export type Diet = (typeof DIETS)[number];

export { ORDER_STATUSES, type OrderStatus } from '../src/domain/order-status';

export const TABLE_STATUSES = ['free', 'occupied', 'reserved'] as const;

/** The contract's image rule: an absolute https: URL or a provider path under /images/. */
export function isAcceptedImage(value: string): boolean {
  if (value.startsWith('/images/')) return !value.includes('..');
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

// Anything else is treated as no image, so a bad URL degrades to the placeholder instead of failing the whole answer.
const imageSchema = z.pipe(
  z.nullable(z.string()),
  z.transform((value: string | null) => (value !== null && isAcceptedImage(value) ? value : null)),
);

export const timestampSchema = z.iso.datetime({ offset: true });

export const categorySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.nullable(z.string()),
  image: imageSchema,
  sort: z.number(),
});

export const subCategorySchema = z.object({
  id: idSchema,
  category_id: idSchema,
  name: z.string(),
  image: imageSchema,
  sort: z.number(),
});

/** The 14 allergens EU law requires restaurants to declare (contract "Dish options"). */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** `null` or absent: not declared, which is never the same as none. */
const allergensSchema = z.nullable(z.array(z.string()));

export const choiceSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Added to the dish's price. */
  price: z.number().check(z.nonnegative()),
  available: z.boolean(),
  allergens: z.optional(allergensSchema),
});

export const optionGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** 0: optional. */
  min: z.number().check(z.int(), z.nonnegative()),
  /** 1 reads as "pick one". */
  max: z.number().check(z.int(), z.positive()),
  choices: z.array(choiceSchema),
});

export const menuItemSchema = z.object({
  id: idSchema,
  cat_id: idSchema,
  sub_cat_id: idSchema,
  name: z.string(),
  description: z.string(),
  // Kept as the provider sent it; the app normalises with the spec's price rule where it needs a number.
  price: z.union([z.number(), z.string()]),
  image: imageSchema,
  available: z.boolean(),
  tags: z.array(z.string()),
  prep_minutes: z.number().check(z.int(), z.nonnegative()),
  // Contract v1.1 "Dish options", optional: a v1 provider sends neither.
  options: z.optional(z.array(optionGroupSchema)),
  allergens: z.optional(allergensSchema),
  // Contract v1.2 "Hours", optional: outside its hours a dish is unavailable until `available_again_at`; while open
  // within hours, `available_until` says when it closes, so an open screen knows when to ask again.
  available_again_at: z.optional(timestampSchema),
  available_until: z.optional(timestampSchema),
});

export const tableSchema = z.object({
  id: idSchema,
  name: z.string(),
  seats: z.number().check(z.int(), z.positive()),
  status: z.enum(TABLE_STATUSES),
});

export const summarySchema = z.object({
  open_orders: z.number().check(z.int(), z.nonnegative()),
  average_wait_minutes: z.number().check(z.nonnegative()),
  tables_free: z.number().check(z.int(), z.nonnegative()),
  tables_total: z.number().check(z.int(), z.nonnegative()),
});

/** Names and descriptions in other languages than the restaurant's own, by language (contract v1.2). */
export const translationsSchema = z.record(
  z.string(),
  z.object({ name: z.string(), description: z.optional(z.nullable(z.string())) }),
);

/** A dish photo's widths (phone, tablet): the provider keeps one copy of each, named `…-{width}.webp`. */
export const PHOTO_WIDTHS = [480, 960] as const;

/** Business limits the contract sets for what a guest may send. */
export const LIMITS = {
  linesPerOrder: 50,
  quantityPerLine: 20,
  lineNoteLength: 200,
  orderNoteLength: 500,
  idempotencyKeyLength: { min: 8, max: 128 },
  choicesPerLine: 30,
} as const;

export const ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'not_editable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid',
  429: 'too_many_requests',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
} as const;

/** A 403 with its own code (contract v1.1): the order needs the key of the table's QR code. */
export const TABLE_KEY_ERROR_CODE = 'table_key';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

export const categoriesSchema = z.array(categorySchema);
export const subCategoriesSchema = z.array(subCategorySchema);
export const menuItemsSchema = z.array(menuItemSchema);
export const tablesSchema = z.array(tableSchema);

export type Category = z.output<typeof categorySchema>;
export type SubCategory = z.output<typeof subCategorySchema>;
export type MenuItem = z.output<typeof menuItemSchema>;
export type Table = z.output<typeof tableSchema>;
export type TableStatus = Table['status'];
export type Summary = z.output<typeof summarySchema>;
export type OptionGroup = z.output<typeof optionGroupSchema>;
export type Choice = z.output<typeof choiceSchema>;
export type ErrorBody = z.output<typeof errorBodySchema>;
