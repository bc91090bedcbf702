// The restaurant's profile (contract v1.2): what every screen is told about the restaurant, read by guests and set by its manager.
import * as z from 'zod/mini';

/** An ISO 4217 code such as `EUR`; the provider also checks that the runtime knows it. */
const currencySchema = z.string().check(z.regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR'));

/** A BCP 47 tag such as `es-ES`. */
const localeSchema = z
  .string()
  .check(z.minLength(2), z.maxLength(35), z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'a BCP 47 tag such as en-US'));

/** A language of the menu's translations: `en`, `es`, `ar`. */
export const languageCodeSchema = z.string().check(z.regex(/^[a-z]{2,3}$/, 'a language code such as en'));

/** An IANA time zone such as `Europe/Madrid`; the provider also checks that the runtime knows it. */
const timeZoneSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$|^UTC$/, 'an IANA time zone such as Europe/Madrid'),
  );

/** A time of day, 24-hour: `04:00`. */
export const timeOfDaySchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time such as 04:00'));

/** A rate as a fraction: 0.1 is 10 %. */
const rateSchema = (max: number) => z.number().check(z.minimum(0), z.maximum(max));

/** Where printed QR codes point: an http(s) origin, nothing after it. */
const publicUrlSchema = z
  .string()
  .check(
    z.maxLength(200),
    z.regex(/^https?:\/\/[^/?#\s]+$/, 'an origin such as https://order.example.com, without a path'),
  );

export const RESTAURANT_LIMITS = {
  nameLength: 80,
  languages: 10,
  tipPresets: 5,
  maxTaxRate: 0.5,
  maxServiceRate: 0.5,
  maxTipRate: 1,
} as const;

export const restaurantSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(RESTAURANT_LIMITS.nameLength)),
  currency: currencySchema,
  locale: localeSchema,
  /** The first is the restaurant's own language. */
  languages: z.array(languageCodeSchema).check(z.minLength(1), z.maxLength(RESTAURANT_LIMITS.languages)),
  time_zone: timeZoneSchema,
  /** Null until the manager sets it: printed codes need it. */
  public_url: z.nullable(publicUrlSchema),
  tax: z.object({ rate: rateSchema(RESTAURANT_LIMITS.maxTaxRate), included: z.boolean() }),
  service_charge: z.nullable(
    z.object({ rate: rateSchema(RESTAURANT_LIMITS.maxServiceRate), applies_to: z.enum(['food', 'all']) }),
  ),
  tips: z.nullable(
    z.object({
      presets: z.array(rateSchema(RESTAURANT_LIMITS.maxTipRate)).check(z.maxLength(RESTAURANT_LIMITS.tipPresets)),
      custom: z.boolean(),
    }),
  ),
  /** When the business day starts, in the restaurant's time zone: a service that ends at 01:00 belongs to the day before. */
  day_starts_at: timeOfDaySchema,
});

export type Restaurant = z.output<typeof restaurantSchema>;
export type RestaurantInput = z.input<typeof restaurantSchema>;
