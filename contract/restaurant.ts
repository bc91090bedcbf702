// The restaurant's profile (contract v1.2). Placeholder with the agreed shape until the profile's own module lands on main.
import * as z from 'zod/mini';

export const restaurantSchema = z.object({
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  /** The first is the restaurant's own. */
  languages: z.array(z.string()),
  time_zone: z.string(),
  public_url: z.string(),
  tax: z.object({ rate: z.number(), included: z.boolean() }),
  service_charge: z.nullable(z.object({ rate: z.number(), applies_to: z.enum(['food', 'all']) })),
  tips: z.nullable(z.object({ presets: z.array(z.number()), custom: z.boolean() })),
  day_starts_at: z.string(),
});

export type Restaurant = z.output<typeof restaurantSchema>;
