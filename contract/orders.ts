// The contract's orders as a guest sends and reads them, the table's bill and service requests, and the kitchen's
// estimate of a wait: a module of their own, so the guests' first screen (the menu) does not download them.
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../src/domain/order-status';
import { stripBidiControls } from '../src/domain/text';
import { ALLERGENS, idSchema, LIMITS, orderIdSchema, orderKeySchema, personText, timestampSchema } from './guest';

/** Choice ids of one line (contract v1.1); the provider checks them against the dish. */
const lineChoicesSchema = z.array(idSchema).check(z.maxLength(LIMITS.choicesPerLine));

const lineNoteSchema = personText().check(z.trim(), z.maxLength(LIMITS.lineNoteLength));

export const newOrderLineSchema = z.object({
  menu_id: idSchema,
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(LIMITS.quantityPerLine)),
  note: z.optional(lineNoteSchema),
  choices: z.optional(lineChoicesSchema),
});

/** Who at the table placed an order (contract v1.1 "Table sessions"): a display name, 1 to 40 characters. */
export const guestNameSchema = personText().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(40),
  z.regex(/^[^\p{Cc}]*$/u, 'no control characters'),
);

/** What a guest tells the kitchen (contract v1.2): some of the 14 allergens, each once. */
export const allergiesSchema = z.array(z.enum(ALLERGENS)).check(
  z.maxLength(ALLERGENS.length),
  z.refine((list) => new Set(list).size === list.length, 'each allergen once'),
);

export const newOrderSchema = z.object({
  table_id: idSchema,
  items: z.array(newOrderLineSchema).check(z.minLength(1), z.maxLength(LIMITS.linesPerOrder)),
  note: z.optional(personText().check(z.trim(), z.maxLength(LIMITS.orderNoteLength))),
  // Contract v1.1, optional: sent only to a provider that has table keys.
  guest: z.optional(guestNameSchema),
  // v1.2, optional: the guest's allergies, only when they chose to send them.
  allergies: z.optional(allergiesSchema),
});

export const addMenuSchema = z.object({
  orderID: orderIdSchema,
  menu_id: idSchema,
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(LIMITS.quantityPerLine)),
  note: z.optional(lineNoteSchema),
  choices: z.optional(lineChoicesSchema),
});

export const idempotencyKeySchema = z
  .string()
  .check(
    z.minLength(LIMITS.idempotencyKeyLength.min),
    z.maxLength(LIMITS.idempotencyKeyLength.max),
    z.regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
  );

export type NewOrder = z.input<typeof newOrderSchema>;
export type AddMenu = z.input<typeof addMenuSchema>;

export const orderedChoiceSchema = z.object({
  id: idSchema,
  name: z.string(),
  price: z.number().check(z.nonnegative()),
});

export const orderLineSchema = z.object({
  line_id: idSchema,
  menu_id: idSchema,
  name: z.string(),
  price: z.number().check(z.nonnegative()),
  quantity: z.number().check(z.int(), z.positive()),
  note: z.string(),
  // Contract v1.1, optional: the choices as ordered, at the price of the day; `price` already includes them.
  choices: z.optional(z.array(orderedChoiceSchema)),
  // v1.2, optional: when the line was ordered; later than the order's created_at for lines added afterwards.
  added_at: z.optional(timestampSchema),
});

export const orderSchema = z.object({
  orderID: orderIdSchema,
  table_id: idSchema,
  status: z.enum(ORDER_STATUSES),
  items: z.array(orderLineSchema),
  note: z.string(),
  total: z.number().check(z.nonnegative()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  // Contract v1.1, optional: a v1 provider does not send it, and no call but POST orders ever does.
  order_key: z.optional(orderKeySchema),
  // v1.1: why the restaurant cancelled it; absent from a v1 provider.
  cancel_reason: z.optional(z.nullable(z.string())),
  // v1.2: the allergies the guest chose to tell the kitchen (from the 14); absent from older providers.
  allergies: z.optional(z.array(z.string())),
});

export const ordersSchema = z.array(orderSchema);

export type Order = z.output<typeof orderSchema>;
export type OrderLine = z.output<typeof orderLineSchema>;
export type OrderedChoice = z.output<typeof orderedChoiceSchema>;

// --- Contract v1.1: table sessions (one bill per seating, service requests) ---------------------------------

/** One order of the table's seating as every guest at the table sees it: never with its key. */
export const tableOrderSchema = z.extend(z.omit(orderSchema, { order_key: true }), {
  // Stripped again as it is read, so a provider that keeps the controls cannot make one guest pass for another.
  guest: z.nullable(z.string().check(z.overwrite(stripBidiControls))),
});

export const SERVICE_REQUEST_KINDS = ['waiter', 'bill'] as const;
export type ServiceRequestKind = (typeof SERVICE_REQUEST_KINDS)[number];

export const newServiceRequestSchema = z.object({
  kind: z.enum(SERVICE_REQUEST_KINDS),
  note: z.optional(personText().check(z.trim(), z.maxLength(200))),
});

export const serviceRequestSchema = z.object({
  id: idSchema,
  table_id: idSchema,
  kind: z.enum(SERVICE_REQUEST_KINDS),
  note: z.optional(z.string()),
  created_at: timestampSchema,
  /** Null while open; staff close it with staff/requests/{id}/done. */
  done_at: z.optional(z.nullable(timestampSchema)),
  /** Contract v1.2: when a member of staff said "on my way"; null until then. */
  acknowledged_at: z.optional(z.nullable(timestampSchema)),
});
export const serviceRequestsSchema = z.array(serviceRequestSchema);

export const tableBillSchema = z.object({
  table_id: idSchema,
  /** Null when the table was cleared and nobody has ordered since. */
  seating_started_at: z.nullable(timestampSchema),
  orders: z.array(tableOrderSchema),
  /** The seating's orders' totals, cancelled orders left out. */
  total: z.number().check(z.nonnegative()),
  /** The table's open service requests; absent from a provider that does not say. */
  open_requests: z.optional(serviceRequestsSchema),
});

export type TableOrder = z.output<typeof tableOrderSchema>;

// --- Contract v1.2: the guest's own wait, from the kitchen's real queue ----------------------------------------

/** One station's part of an order's wait: tickets ahead of it there, and minutes until its lines there are ready. */
export const stationEstimateSchema = z.object({
  station: z.string(),
  tickets_ahead: z.number().check(z.int(), z.nonnegative()),
  ready_in_minutes: z.number().check(z.int(), z.nonnegative()),
});

/** `GET orders/estimate`: when this order should be ready (0 once it is), from the tickets ahead of it at its stations. */
export const orderEstimateSchema = z.object({
  orderID: orderIdSchema,
  status: z.enum(ORDER_STATUSES),
  ready_in_minutes: z.number().check(z.int(), z.nonnegative()),
  tickets_ahead: z.number().check(z.int(), z.nonnegative()),
  stations: z.array(stationEstimateSchema),
});
export type OrderEstimate = z.output<typeof orderEstimateSchema>;
export type TableBill = z.output<typeof tableBillSchema>;
export type ServiceRequest = z.output<typeof serviceRequestSchema>;
export type NewServiceRequest = z.input<typeof newServiceRequestSchema>;
