// The guests' side of tables that last and the bill (contract v1.2): seatings, the bill, shares and the demo payment step.
// Kept small and free of staff-only schemas: the guests' screens import it.
import * as z from 'zod/mini';
import { idSchema, orderIdSchema, timestampSchema } from './guest';

/** 404 with this code: the seating this key opened has ended (the table was cleared); scan the table's code again. */
export const SEATING_ENDED_ERROR_CODE = 'seating_ended';
/** 409 with this code: those lines, parts or that balance are already paid, or held by another phone's open share. */
export const ALREADY_PAID_ERROR_CODE = 'already_paid';
/** 409 with this code: the seating still owes money; only a manager may clear it, with a reason. */
export const BALANCE_DUE_ERROR_CODE = 'balance_due';

/** Lines claimed by an open share are held this long: two phones cannot pay the same dish meanwhile. */
export const SHARE_HOLD_MINUTES = 10;

export const BILL_LIMITS = {
  linesPerShare: 100,
  maxParts: 50,
  /** No single share, tip or till payment above this (in the currency): a typo, not a bill. */
  maxAmount: 100_000,
} as const;

/** What a guest holds after scanning the table's code: the seating's key, sent as X-Seating-Key. */
export const seatingSchema = z.object({
  seating_id: idSchema,
  seating_key: z.string().check(z.minLength(16), z.maxLength(128)),
  started_at: timestampSchema,
  /**
   * The table the key opened (v1.2, added): the app orders for this table, not for the one its link names, since a
   * link's `table` and `key` can disagree. Absent from a provider that does not say.
   */
  table_id: z.optional(idSchema),
});
export type Seating = z.output<typeof seatingSchema>;

/** A decimal amount in the currency with at most two decimals, from 0 up to the limit. */
export const moneySchema = z.number().check(
  z.minimum(0),
  // Said without the figure: the limit is in the restaurant's currency, which a schema does not know.
  z.maximum(BILL_LIMITS.maxAmount, 'too large for any bill'),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals'),
);
/** A figure that may fall below 0: a balance after a refund owed. */
const signedMoneySchema = z.number();

export const billLineSchema = z.object({
  order_id: orderIdSchema,
  line_id: idSchema,
  guest: z.nullable(z.string()),
  name: z.string(),
  /**
   * The dish (v1.2, added): a guest's screens name the line from the menu in the guest's language; `name` is the
   * restaurant's. Absent from a provider that does not say; the line then keeps its `name`.
   */
  menu_id: z.optional(idSchema),
  quantity: z.number().check(z.int(), z.positive()),
  unit_price: z.number().check(z.nonnegative()),
  paid_quantity: z.number().check(z.int(), z.nonnegative()),
  /** Held by other phones' open shares; absent from a provider that does not say. */
  held_quantity: z.optional(z.number().check(z.int(), z.nonnegative())),
});

export const SHARE_KINDS = ['items', 'equal', 'amount'] as const;
export const SHARE_STATUSES = ['open', 'paid', 'failed', 'expired', 'cancelled'] as const;

/**
 * How a share is paid. `demo`: `url` is the provider's own payment step and `next_step` says when it asks for a
 * second one. `stripe`: the Payment Element's `client_secret` and `publishable_key`, in the answer to the phone that
 * made the share only. Other providers may add fields.
 */
export const sharePaymentSchema = z.object({
  provider: z.string(),
  url: z.optional(z.string()),
  next_step: z.optional(z.nullable(z.enum(['authenticate']))),
  decline_code: z.optional(z.nullable(z.string())),
  client_secret: z.optional(z.string()),
  publishable_key: z.optional(z.string()),
});

export const shareSchema = z.object({
  id: idSchema,
  kind: z.enum(SHARE_KINDS),
  amount: z.number().check(z.nonnegative()),
  tip: z.number().check(z.nonnegative()),
  total: z.number().check(z.nonnegative()),
  status: z.enum(SHARE_STATUSES),
  payment: sharePaymentSchema,
  created_at: z.optional(timestampSchema),
  /** When an open share stops holding its lines and amount. */
  expires_at: z.optional(timestampSchema),
  /** An items share: the lines it pays. */
  lines: z.optional(z.array(z.object({ line_id: idSchema, quantity: z.number().check(z.int(), z.positive()) }))),
  /** An equal share: one part of `parts`. */
  parts: z.optional(z.number().check(z.int(), z.positive())),
});
export type Share = z.output<typeof shareSchema>;

export const billSchema = z.object({
  seating_id: idSchema,
  table_id: idSchema,
  started_at: z.optional(timestampSchema),
  lines: z.array(billLineSchema),
  subtotal: z.number().check(z.nonnegative()),
  tax: z.number().check(z.nonnegative()),
  /** True: `tax` is the part of `subtotal` that is tax; false: it is added to it. */
  tax_included: z.optional(z.boolean()),
  service_charge: z.number().check(z.nonnegative()),
  tips: z.number().check(z.nonnegative()),
  total: z.number().check(z.nonnegative()),
  paid: signedMoneySchema,
  balance: signedMoneySchema,
  /** What a new share may still take: the balance less what other phones' open shares hold. */
  available: z.optional(z.number().check(z.nonnegative())),
  shares: z.array(shareSchema),
  /** False: the restaurant takes no payments on guests' phones (they pay at the counter); absent means true. */
  pay_at_table: z.optional(z.boolean()),
});
export type Bill = z.output<typeof billSchema>;
export type BillLine = z.output<typeof billLineSchema>;

const tipSchema = z.union([
  z.object({ rate: z.number().check(z.minimum(0), z.maximum(1)) }),
  z.object({ amount: moneySchema }),
]);

const itemsShareSchema = z.object({
  kind: z.literal('items'),
  lines: z
    .array(z.object({ line_id: idSchema, quantity: z.number().check(z.int(), z.minimum(1), z.maximum(20)) }))
    .check(z.minLength(1), z.maxLength(BILL_LIMITS.linesPerShare)),
  tip: z.optional(tipSchema),
});
const equalShareSchema = z.object({
  kind: z.literal('equal'),
  parts: z.number().check(z.int(), z.minimum(1), z.maximum(BILL_LIMITS.maxParts)),
  tip: z.optional(tipSchema),
});
const amountShareSchema = z.object({
  kind: z.literal('amount'),
  amount: z.union([z.literal('rest'), moneySchema.check(z.refine((value) => value > 0, 'must be more than 0'))]),
  tip: z.optional(tipSchema),
});

export const newShareSchema = z.discriminatedUnion('kind', [itemsShareSchema, equalShareSchema, amountShareSchema]);
export type NewShare = z.input<typeof newShareSchema>;

/** The demo provider's test cards: approve, decline, or ask for a second step, as card networks' test cards do. */
export const DEMO_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  authenticate: '4000002500003155',
} as const;

export const demoPaymentSchema = z.object({
  card_number: z.string().check(z.regex(/^[\d ]{12,23}$/, '12 to 19 digits')),
  /** The answer to the second step, for a card that asks for one. */
  second_step: z.optional(z.enum(['complete', 'fail'])),
});
export type DemoPayment = z.input<typeof demoPaymentSchema>;
