// The contract's kitchen side (v1.2 "Stations, tickets, printers") as zod schemas: staff-only, so guests never download them.
import * as z from 'zod/mini';
import { idSchema, orderIdSchema, timestampSchema } from './guest';
import { orderLineSchema, orderSchema, orderedChoiceSchema } from './orders';
import { STATION_PATTERN } from './station';

export { STATION_PATTERN };

/** Where a dish without a station of its own or its category's is made. */
export const DEFAULT_STATION = 'kitchen';

export const KITCHEN_LIMITS = {
  /** How far back a bumped ticket can be recalled. */
  recallMinutes: 15,
  thresholdMinutesMax: 480,
  parallelMax: 50,
  printerNameLength: 40,
  hostLength: 253,
} as const;

/** The defaults of a station without settings of its own: the timer turns at 8 and 15 minutes. */
export const STATION_DEFAULTS = { warn_minutes: 8, late_minutes: 15, parallel: 4 } as const;

export const stationNameSchema = z.string().check(z.regex(STATION_PATTERN, 'lower-case letters, digits and - only'));

/** A line as the kitchen sees it: where it is made, whether it is done there, what it declares. */
export const kitchenLineSchema = z.extend(orderLineSchema, {
  station: z.optional(z.string()),
  /** When its station bumped it; null while it is still to make. */
  done_at: z.optional(z.nullable(timestampSchema)),
  /** The dish's declared allergens and its choices'; null when the dish declares none (never "safe"). */
  allergens: z.optional(z.nullable(z.array(z.string()))),
});

/** A line the guest removed, shown struck through at its station until the station bumps it. */
export const removedLineSchema = z.object({
  line_id: idSchema,
  menu_id: idSchema,
  name: z.string(),
  quantity: z.number().check(z.int(), z.positive()),
  note: z.string(),
  choices: z.optional(z.array(orderedChoiceSchema)),
  station: z.string(),
  removed_at: timestampSchema,
});

/** An order as `staff/orders` answers it: every field optional beyond v1.1's, so an older provider's still parses. */
export const kitchenOrderSchema = z.extend(orderSchema, {
  items: z.array(kitchenLineSchema),
  /** Who at the table placed it. */
  guest: z.optional(z.nullable(z.string())),
  /** Every station the order touches (with `?station=`, its lines are only that station's). */
  stations: z.optional(z.array(z.string())),
  /** Removed lines their station has not bumped yet. */
  removed_items: z.optional(z.array(removedLineSchema)),
  /** When a member of staff acknowledged the order's allergies; absent until then (and from older providers). */
  allergies_acknowledged_at: z.optional(timestampSchema),
});
export const kitchenOrdersSchema = z.array(kitchenOrderSchema);

/** POST staff/orders/{orderID}/lines/{line_id}/done and POST staff/orders/{orderID}/done: the station bumping. */
export const lineDoneSchema = z.object({ station: stationNameSchema });

/** POST staff/orders/{orderID}/recall: the whole order, or only the lines a station bumped. */
export const recallSchema = z.object({ station: z.optional(stationNameSchema) });

const minutes = (max: number) => z.number().check(z.int(), z.minimum(1), z.maximum(max));

export const stationSettingsSchema = z.object({
  station: z.string(),
  /** The ticket timer says "due" from here… */
  warn_minutes: minutes(KITCHEN_LIMITS.thresholdMinutesMax),
  /** …and "late" from here. */
  late_minutes: minutes(KITCHEN_LIMITS.thresholdMinutesMax),
  /** How many tickets the station makes at once: the guests' wait divides its queue by it. */
  parallel: minutes(KITCHEN_LIMITS.parallelMax),
});
export const stationsSchema = z.array(stationSettingsSchema);

/** PUT staff/stations/{station} (manager). */
export const stationSettingsInputSchema = z
  .object({
    warn_minutes: minutes(KITCHEN_LIMITS.thresholdMinutesMax),
    late_minutes: minutes(KITCHEN_LIMITS.thresholdMinutesMax),
    parallel: z.optional(minutes(KITCHEN_LIMITS.parallelMax)),
  })
  .check(
    z.refine((settings) => settings.late_minutes > settings.warn_minutes, {
      message: 'must be more than warn_minutes',
      path: ['late_minutes'],
    }),
  );

export const PRINTER_WIDTHS = [58, 80] as const;

const printerNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(KITCHEN_LIMITS.printerNameLength), z.regex(/^[^\p{Cc}]*$/u));

/** A host name or an IPv4 or IPv6 address on the restaurant's network. */
const hostSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(KITCHEN_LIMITS.hostLength),
  z.regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|[0-9A-Fa-f:.]+)$/,
    {
      message: 'a host name or an IP address',
    },
  ),
);

const portSchema = z.number().check(z.int(), z.minimum(1), z.maximum(65_535));
const widthSchema = z.union([z.literal(58), z.literal(80)]);

export const newPrinterSchema = z.object({
  name: printerNameSchema,
  station: stationNameSchema,
  host: hostSchema,
  /** Default 9100, the raw printing port. */
  port: z.optional(portSchema),
  /** The paper's width in millimetres. */
  width: widthSchema,
  /** Another printer that takes this one's jobs after repeated failures. */
  backup: z.optional(z.nullable(idSchema)),
});

export const printerPatchSchema = z
  .object({
    name: z.optional(printerNameSchema),
    station: z.optional(stationNameSchema),
    host: z.optional(hostSchema),
    port: z.optional(portSchema),
    width: z.optional(widthSchema),
    backup: z.optional(z.nullable(idSchema)),
  })
  .check(z.refine((patch) => Object.keys(patch).length > 0, { message: 'send at least one field' }));

export const PRINT_JOB_STATUSES = ['waiting', 'sending', 'sent', 'expired'] as const;

export const printJobSchema = z.object({
  id: idSchema,
  order_id: orderIdSchema,
  table_id: z.optional(idSchema),
  station: z.string(),
  /** `order`: the lines of a new order; `addition`: lines added to it later. */
  kind: z.enum(['order', 'addition']),
  status: z.enum(PRINT_JOB_STATUSES),
  /** Failed attempts so far. */
  attempts: z.number().check(z.int(), z.nonnegative()),
  /** The printer it was last sent to or tried on. */
  printer: z.nullable(idSchema),
  last_error: z.nullable(z.string()),
  created_at: timestampSchema,
  next_attempt_at: z.nullable(timestampSchema),
  sent_at: z.nullable(timestampSchema),
});

export const printerSchema = z.object({
  id: idSchema,
  name: z.string(),
  station: z.string(),
  host: z.string(),
  port: portSchema,
  width: widthSchema,
  backup: z.nullable(idSchema),
  /** `ready`: its last ticket printed (or nothing tried yet); `failing`: its last attempt failed. */
  state: z.enum(['ready', 'failing']),
  last_ok_at: z.nullable(timestampSchema),
  last_error: z.nullable(z.string()),
  /** Tickets of its station not printed yet. */
  jobs_waiting: z.number().check(z.int(), z.nonnegative()),
  /** Its station's latest tickets, newest first. */
  jobs: z.array(printJobSchema),
});
export const printersSchema = z.array(printerSchema);

export type KitchenLine = z.output<typeof kitchenLineSchema>;
export type KitchenOrder = z.output<typeof kitchenOrderSchema>;
export type RemovedLine = z.output<typeof removedLineSchema>;
export type StationSettings = z.output<typeof stationSettingsSchema>;
export type StationSettingsInput = z.input<typeof stationSettingsInputSchema>;
export type NewPrinter = z.input<typeof newPrinterSchema>;
export type PrinterPatch = z.input<typeof printerPatchSchema>;
export type Printer = z.output<typeof printerSchema>;
export type PrintJob = z.output<typeof printJobSchema>;
