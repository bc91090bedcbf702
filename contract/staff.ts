// The contract's staff side (v1.1: sessions, accounts, kitchen moves, the floor) as zod schemas, for the console, the MSW
// handlers and the provider: a module of its own, so the guests' screens never download or build them.
import * as z from 'zod/mini';
import { ORDER_STATUSES, timestampSchema } from './guest';

/** `waiter` (v1.2): the front of house, the kitchen's rights plus the till. */
export const STAFF_ROLES = ['kitchen', 'waiter', 'manager'] as const;
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
  .check(
    z.trim(),
    z.minLength(STAFF_LIMITS.nameLength.min),
    z.maxLength(STAFF_LIMITS.nameLength.max),
    z.regex(/^[\p{L}\p{N}._-]+$/u, 'letters, digits, ".", "_" and "-" only'),
  );

export const signInSchema = z.object({
  name: staffNameSchema,
  password: z.string().check(z.minLength(1), z.maxLength(STAFF_LIMITS.passwordLength.max)),
});

export const staffAccountSchema = z.object({ name: z.string(), role: z.enum(STAFF_ROLES) });
export const staffAccountsSchema = z.array(staffAccountSchema);

export const newStaffAccountSchema = z.object({
  name: staffNameSchema,
  password: z
    .string()
    .check(z.minLength(STAFF_LIMITS.passwordLength.min), z.maxLength(STAFF_LIMITS.passwordLength.max)),
  role: z.enum(STAFF_ROLES),
});

export const moveOrderSchema = z.object({ from: z.enum(ORDER_STATUSES), to: z.enum(ORDER_STATUSES) });

export const cancelOrderSchema = z.object({
  reason: z.string().check(
    z.trim(),
    z.minLength(STAFF_LIMITS.cancelReasonLength.min),
    z.maxLength(STAFF_LIMITS.cancelReasonLength.max),
    // PostgreSQL text cannot hold NUL; other control characters have no place in a sentence for a guest either.
    z.regex(/^[^\p{Cc}]*$/u, 'no control characters'),
  ),
});

export const dishAvailabilitySchema = z
  .object({
    available: z.optional(z.boolean()),
    prep_minutes: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(STAFF_LIMITS.prepMinutesMax))),
  })
  .check(
    z.refine((patch) => patch.available !== undefined || patch.prep_minutes !== undefined, {
      message: 'send available, prep_minutes or both',
    }),
  );

// The floor's tables moved to contract/tables.ts with tables that last (v1.2).
export { staffTableSchema, staffTablesSchema, type StaffTable } from './tables';

export type StaffSession = z.output<typeof staffSessionSchema>;
export type StaffAccount = z.output<typeof staffAccountSchema>;
export type NewStaffAccount = z.input<typeof newStaffAccountSchema>;
export type DishAvailability = z.input<typeof dishAvailabilitySchema>;
