// The provider contract (../shared/api-contract.md) as zod schemas: the one source of truth for the app, the MSW handlers and the reference provider.
import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status';

// The app runs under a CSP without 'unsafe-eval'; zod's JIT compiler would probe `new Function` and the browser would
// report a violation. Interpreted parsing is fast enough for answers of this size.
z.config({ jitless: true });

/** PostgreSQL's `integer`: every id the contract uses fits in it, so anything larger is no id at all. */
export const MAX_ID = 2_147_483_647;

/** Ids are positive integers everywhere except `orderID`. */
export const idSchema = z.number().int().positive().max(MAX_ID);

/** Query-string ids arrive as text; only a plain positive integer is an id. */
export const queryIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .refine((id) => id <= MAX_ID, `must be at most ${MAX_ID}`);

// A NUL cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate is no character at all: both are refused
// where a guest's text comes in, naming the field, instead of failing deep in the database.
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasUnstorableText = (value: string) => UNSTORABLE_TEXT.test(value);
const NO_UNSTORABLE_TEXT = 'must not contain NUL bytes or unpaired surrogates';
const storableText = () => z.string().refine((value) => !hasUnstorableText(value), NO_UNSTORABLE_TEXT);

export const orderIdSchema = storableText().trim().min(1).max(64);

/** What makes an order the guest's own (contract v1.1); only the answers to `POST orders` carry it. */
export const orderKeySchema = z.string().min(16).max(128);

export const MENU_TAGS = ['vegetarian', 'vegan', 'spicy', 'gluten-free', 'contains-nuts', 'new'] as const;
export type MenuTag = (typeof MENU_TAGS)[number];

export { ORDER_STATUSES, type OrderStatus } from '../domain/order-status';

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
const imageSchema = z
  .string()
  .nullable()
  .transform((value) => (value !== null && isAcceptedImage(value) ? value : null));

const timestampSchema = z.iso.datetime({ offset: true });

export const categorySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
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
const allergensSchema = z.array(z.string()).nullable();

export const choiceSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Added to the dish's price. */
  price: z.number().nonnegative(),
  available: z.boolean(),
  allergens: allergensSchema.optional(),
});

export const optionGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** 0: optional. */
  min: z.number().int().nonnegative(),
  /** 1 reads as "pick one". */
  max: z.number().int().positive(),
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
  prep_minutes: z.number().int().nonnegative(),
  // Contract v1.1 "Dish options", optional: a v1 provider sends neither.
  options: z.array(optionGroupSchema).optional(),
  allergens: allergensSchema.optional(),
});

export const tableSchema = z.object({
  id: idSchema,
  name: z.string(),
  seats: z.number().int().positive(),
  status: z.enum(TABLE_STATUSES),
});

export const summarySchema = z.object({
  open_orders: z.number().int().nonnegative(),
  average_wait_minutes: z.number().nonnegative(),
  tables_free: z.number().int().nonnegative(),
  tables_total: z.number().int().nonnegative(),
});

export const orderedChoiceSchema = z.object({
  id: idSchema,
  name: z.string(),
  price: z.number().nonnegative(),
});

export const orderLineSchema = z.object({
  line_id: idSchema,
  menu_id: idSchema,
  name: z.string(),
  price: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  note: z.string(),
  // Contract v1.1, optional: the choices as ordered, at the price of the day; `price` already includes them.
  choices: z.array(orderedChoiceSchema).optional(),
});

export const orderSchema = z.object({
  orderID: orderIdSchema,
  table_id: idSchema,
  status: z.enum(ORDER_STATUSES),
  items: z.array(orderLineSchema),
  note: z.string(),
  total: z.number().nonnegative(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  // Contract v1.1, optional: a v1 provider does not send it, and no call but POST orders ever does.
  order_key: orderKeySchema.optional(),
  // v1.1: why the restaurant cancelled it; absent from a v1 provider.
  cancel_reason: z.string().nullable().optional(),
});

/** A live `menu` event (contract v1.1): a dish's availability or preparation time changed. */
export const menuChangeSchema = z.object({
  menu_id: idSchema,
  available: z.boolean(),
  prep_minutes: z.number().int().nonnegative(),
});

/** Business limits the contract sets for what a guest may send. */
export const LIMITS = {
  linesPerOrder: 50,
  quantityPerLine: 20,
  lineNoteLength: 200,
  orderNoteLength: 500,
  idempotencyKeyLength: { min: 8, max: 128 },
  choicesPerLine: 30,
} as const;

/** Choice ids of one line (contract v1.1); the provider checks them against the dish. */
const lineChoicesSchema = z.array(idSchema).max(LIMITS.choicesPerLine);

const lineNoteSchema = storableText().trim().max(LIMITS.lineNoteLength);

export const newOrderLineSchema = z.object({
  menu_id: idSchema,
  quantity: z.number().int().min(1).max(LIMITS.quantityPerLine),
  note: lineNoteSchema.optional(),
  choices: lineChoicesSchema.optional(),
});

/** Who at the table placed an order (contract v1.1 "Table sessions"): a display name, 1 to 40 characters. */
export const guestNameSchema = storableText()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^\p{Cc}]*$/u, 'no control characters');

export const newOrderSchema = z.object({
  table_id: idSchema,
  items: z.array(newOrderLineSchema).min(1).max(LIMITS.linesPerOrder),
  note: storableText().trim().max(LIMITS.orderNoteLength).optional(),
  // Contract v1.1, optional: sent only to a provider that has table keys.
  guest: guestNameSchema.optional(),
});

export const addMenuSchema = z.object({
  orderID: orderIdSchema,
  menu_id: idSchema,
  quantity: z.number().int().min(1).max(LIMITS.quantityPerLine),
  note: lineNoteSchema.optional(),
  choices: lineChoicesSchema.optional(),
});

export const idempotencyKeySchema = z
  .string()
  .min(LIMITS.idempotencyKeyLength.min)
  .max(LIMITS.idempotencyKeyLength.max)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');

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
  503: 'unavailable',
} as const;

/** A 403 with its own code (contract v1.1): the order needs the key of the table's QR code. */
export const TABLE_KEY_ERROR_CODE = 'table_key';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export const categoriesSchema = z.array(categorySchema);
export const subCategoriesSchema = z.array(subCategorySchema);
export const menuItemsSchema = z.array(menuItemSchema);
export const tablesSchema = z.array(tableSchema);
export const ordersSchema = z.array(orderSchema);

export type Category = z.output<typeof categorySchema>;
export type SubCategory = z.output<typeof subCategorySchema>;
export type MenuItem = z.output<typeof menuItemSchema>;
export type Table = z.output<typeof tableSchema>;
export type TableStatus = Table['status'];
export type Summary = z.output<typeof summarySchema>;
export type MenuChange = z.output<typeof menuChangeSchema>;
export type Order = z.output<typeof orderSchema>;
export type OrderLine = z.output<typeof orderLineSchema>;
export type OptionGroup = z.output<typeof optionGroupSchema>;
export type Choice = z.output<typeof choiceSchema>;
export type OrderedChoice = z.output<typeof orderedChoiceSchema>;
export type NewOrder = z.input<typeof newOrderSchema>;
export type AddMenu = z.input<typeof addMenuSchema>;
export type ErrorBody = z.output<typeof errorBodySchema>;

// --- Contract v1.1: the restaurant's side (staff sessions and calls) ------------------------------------------

export const STAFF_ROLES = ['kitchen', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_LIMITS = {
  nameLength: { min: 1, max: 40 },
  passwordLength: { min: 10, max: 200 },
  cancelReasonLength: { min: 1, max: 200 },
  prepMinutesMax: 240,
  ordersLimitMax: 500,
} as const;

export const staffSessionSchema = z.object({
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  expires_at: timestampSchema,
});

/** Account names: letters, digits, `.`, `_` and `-`. */
const staffNameSchema = z
  .string()
  .trim()
  .min(STAFF_LIMITS.nameLength.min)
  .max(STAFF_LIMITS.nameLength.max)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'letters, digits, ".", "_" and "-" only');

export const signInSchema = z.object({
  name: staffNameSchema,
  password: z.string().min(1).max(STAFF_LIMITS.passwordLength.max),
});

export const staffAccountSchema = z.object({ name: z.string(), role: z.enum(STAFF_ROLES) });
export const staffAccountsSchema = z.array(staffAccountSchema);

export const newStaffAccountSchema = z.object({
  name: staffNameSchema,
  password: z.string().min(STAFF_LIMITS.passwordLength.min).max(STAFF_LIMITS.passwordLength.max),
  role: z.enum(STAFF_ROLES),
});

export const moveOrderSchema = z.object({ from: z.enum(ORDER_STATUSES), to: z.enum(ORDER_STATUSES) });

export const cancelOrderSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(STAFF_LIMITS.cancelReasonLength.min)
    .max(STAFF_LIMITS.cancelReasonLength.max)
    // PostgreSQL text cannot hold NUL; other control characters have no place in a sentence for a guest either.
    .regex(/^[^\p{Cc}]*$/u, 'no control characters'),
});

export const dishAvailabilitySchema = z
  .object({
    available: z.boolean().optional(),
    prep_minutes: z.number().int().min(0).max(STAFF_LIMITS.prepMinutesMax).optional(),
  })
  .refine((patch) => patch.available !== undefined || patch.prep_minutes !== undefined, {
    message: 'send available, prep_minutes or both',
  });

export const staffTableSchema = tableSchema.extend({
  key: z.string(),
  open_orders: z.number().int().nonnegative(),
});
export const staffTablesSchema = z.array(staffTableSchema);

export type StaffSession = z.output<typeof staffSessionSchema>;
export type StaffAccount = z.output<typeof staffAccountSchema>;
export type NewStaffAccount = z.input<typeof newStaffAccountSchema>;
export type StaffTable = z.output<typeof staffTableSchema>;
export type DishAvailability = z.input<typeof dishAvailabilitySchema>;

// --- Contract v1.1: table sessions (one bill per seating, service requests) ---------------------------------

/** One order of the table's seating as every guest at the table sees it: never with its key. */
export const tableOrderSchema = orderSchema.omit({ order_key: true }).extend({ guest: z.string().nullable() });

export const SERVICE_REQUEST_KINDS = ['waiter', 'bill'] as const;
export type ServiceRequestKind = (typeof SERVICE_REQUEST_KINDS)[number];

export const newServiceRequestSchema = z.object({
  kind: z.enum(SERVICE_REQUEST_KINDS),
  note: storableText().trim().max(200).optional(),
});

export const serviceRequestSchema = z.object({
  id: idSchema,
  table_id: idSchema,
  kind: z.enum(SERVICE_REQUEST_KINDS),
  note: z.string().optional(),
  created_at: timestampSchema,
  /** Null while open; staff close it with staff/requests/{id}/done. */
  done_at: timestampSchema.nullable().optional(),
});
export const serviceRequestsSchema = z.array(serviceRequestSchema);

export const tableBillSchema = z.object({
  table_id: idSchema,
  /** Null when the table was cleared and nobody has ordered since. */
  seating_started_at: timestampSchema.nullable(),
  orders: z.array(tableOrderSchema),
  /** The seating's orders' totals, cancelled orders left out. */
  total: z.number().nonnegative(),
  /** The table's open service requests; absent from a provider that does not say. */
  open_requests: serviceRequestsSchema.optional(),
});

export type TableOrder = z.output<typeof tableOrderSchema>;
export type TableBill = z.output<typeof tableBillSchema>;
export type ServiceRequest = z.output<typeof serviceRequestSchema>;
export type NewServiceRequest = z.input<typeof newServiceRequestSchema>;
