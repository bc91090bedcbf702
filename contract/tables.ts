// The staff side of tables that last (contract v1.2): the tables editor, the front of house's floor, a table's bill and the till.
import * as z from 'zod/mini';
import { wordMixingAlphabets } from '../src/domain/look-alike';
import { billSchema, moneySchema } from './bill';
import { idSchema, timestampSchema } from './guest';
import { serviceRequestSchema } from './orders';

/** Derived, never stored: `asking` an open waiter or bill request, `seated` an open seating, `reserved` set by staff. */
export const STAFF_TABLE_STATUSES = ['free', 'seated', 'reserved', 'asking'] as const;
export type StaffTableStatus = (typeof STAFF_TABLE_STATUSES)[number];

export const TABLE_LIMITS = { nameLength: 40, areaLength: 40, maxSeats: 50 } as const;

/**
 * What makes two tables' names the same (no two tables that are not removed may share it): case aside, and spaces
 * aside at the ends and in how many separate the words, so "Table 4", "table 4 " and "TABLE  4" are one name.
 */
export const tableNameKey = (name: string) => name.replace(/\s+/gu, ' ').trim().toLowerCase();

const TABLE_NAME_MIXES_ALPHABETS =
  'a word mixes look-alike alphabets (a Cyrillic or Greek letter among Latin ones): type each word in one alphabet';

const tableNameSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(TABLE_LIMITS.nameLength),
  z.regex(/^[^\p{Cc}]*$/u, 'no control characters'),
  // Two tables that look the same on the floor and on their printed codes could not be told apart.
  z.refine((name) => wordMixingAlphabets(name) === undefined, TABLE_NAME_MIXES_ALPHABETS),
);
const areaSchema = z.nullable(
  z.string().check(z.trim(), z.maxLength(TABLE_LIMITS.areaLength), z.regex(/^[^\p{Cc}]*$/u, 'no control characters')),
);
const seatsSchema = z.number().check(z.int(), z.minimum(1), z.maximum(TABLE_LIMITS.maxSeats));

export const staffTableSchema = z.object({
  id: idSchema,
  name: z.string(),
  seats: z.number().check(z.int(), z.positive()),
  status: z.enum(STAFF_TABLE_STATUSES),
  area: z.optional(z.nullable(z.string())),
  reserved: z.optional(z.boolean()),
  /** The printed QR code's key: managers only. */
  key: z.optional(z.string()),
  open_orders: z.number().check(z.int(), z.nonnegative()),
});
export const staffTablesSchema = z.array(staffTableSchema);
export type StaffTable = z.output<typeof staffTableSchema>;

export const newTableSchema = z.object({
  name: tableNameSchema,
  area: z.optional(areaSchema),
  seats: z.optional(seatsSchema),
  reserved: z.optional(z.boolean()),
});
export type NewTable = z.input<typeof newTableSchema>;

export const tablePatchSchema = z.partial(newTableSchema).check(
  z.refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'send name, area, seats or reserved',
  }),
);
export type TablePatch = z.input<typeof tablePatchSchema>;

const reasonSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(200), z.regex(/^[^\p{Cc}]*$/u, 'no control characters'));

/** Clearing a table: a reason is needed (and a manager) only when its seating still owes money. */
export const clearTableSchema = z.object({ reason: z.optional(reasonSchema) });

/** A table on the front of house: its status, who is there, what they owe, and what they asked for. */
export const floorTableSchema = z.object({
  id: idSchema,
  name: z.string(),
  area: z.nullable(z.string()),
  seats: z.number().check(z.int(), z.positive()),
  status: z.enum(STAFF_TABLE_STATUSES),
  reserved: z.boolean(),
  seating: z.nullable(
    z.object({
      id: idSchema,
      started_at: timestampSchema,
      /** The names guests gave on their orders, first come first. */
      guests: z.array(z.string()),
      orders: z.number().check(z.int(), z.nonnegative()),
      open_orders: z.number().check(z.int(), z.nonnegative()),
      total: z.number().check(z.nonnegative()),
      paid: z.number(),
      balance: z.number(),
    }),
  ),
  requests: z.array(serviceRequestSchema),
});
export const floorSchema = z.array(floorTableSchema);
export type FloorTable = z.output<typeof floorTableSchema>;

export const PAYMENT_METHODS = ['cash', 'card', 'other', 'demo', 'stripe'] as const;
export const TILL_METHODS = ['cash', 'card', 'other'] as const;

/** Money taken at the counter against a table. */
export const tillPaymentSchema = z.object({
  method: z.enum(TILL_METHODS),
  amount: moneySchema.check(z.refine((value) => value > 0, 'must be more than 0')),
  tip: z.optional(moneySchema),
});
export type TillPayment = z.input<typeof tillPaymentSchema>;

export const refundSchema = z.object({
  amount: moneySchema.check(z.refine((value) => value > 0, 'must be more than 0')),
  reason: reasonSchema,
});
export type RefundInput = z.input<typeof refundSchema>;

/** One payment into a seating: at the till, or a guest's share paid through a payment provider. */
export const paymentRecordSchema = z.object({
  id: idSchema,
  seating_id: idSchema,
  table_id: idSchema,
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().check(z.nonnegative()),
  tip: z.number().check(z.nonnegative()),
  /** What refunds have given back of it so far. */
  refunded: z.number().check(z.nonnegative()),
  share_id: z.nullable(idSchema),
  /** Who took it at the till (null for a guest's share). */
  taken_by: z.nullable(z.string()),
  created_at: timestampSchema,
});
export type PaymentRecord = z.output<typeof paymentRecordSchema>;

export const refundRecordSchema = z.object({
  id: idSchema,
  payment_id: idSchema,
  amount: z.number().check(z.nonnegative()),
  reason: z.string(),
  by: z.string(),
  created_at: timestampSchema,
});

/** A table's bill as staff see it: the guests' bill, and every payment into it with what was refunded. */
export const staffBillSchema = z.extend(billSchema, {
  payments: z.array(paymentRecordSchema),
  refunds: z.array(refundRecordSchema),
});
export type StaffBill = z.output<typeof staffBillSchema>;
