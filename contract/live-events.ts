// What the live stream's `menu` events carry (contract v1.1 and v1.2): read only once a guest's stream is open.
import * as z from 'zod/mini';
import { idSchema, menuItemSchema, translationsSchema } from './guest';

/** A live `menu` event (contract v1.1): a dish's availability or preparation time changed. */
export const menuChangeSchema = z.object({
  menu_id: idSchema,
  available: z.boolean(),
  prep_minutes: z.number().check(z.int(), z.nonnegative()),
});

/**
 * What a v1.2 `menu` event adds (contract "The menu, kept by the restaurant"): the whole changed dish as guests see
 * it in the restaurant's language, with its translations and whether it is hidden; or a category, a sub-category or an
 * import, after which the menu is read again.
 */
export const menuEntityChangeSchema = z.object({
  item: z.optional(
    z.extend(menuItemSchema, { hidden: z.optional(z.boolean()), translations: z.optional(translationsSchema) }),
  ),
  category: z.optional(z.object({ id: idSchema })),
  sub_category: z.optional(z.object({ id: idSchema })),
  import: z.optional(z.object({})),
  /** The menu's shape changed (a dish added, moved, reordered or hidden): lists are read again. */
  reload: z.optional(z.boolean()),
});

export type MenuChange = z.output<typeof menuChangeSchema>;
export type MenuEntityChange = z.output<typeof menuEntityChangeSchema>;
