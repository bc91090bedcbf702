// The menu back office (contract v1.2 "The menu, kept by the restaurant") as zod schemas: staff only, never on the guests' path.
import * as z from 'zod/mini';
import { ALLERGENS, DIETS, MENU_TAGS, idSchema, storableText, timestampSchema, type Diet } from './guest';
import { TIME_PATTERN, windowProblem, type HoursWindow } from '../src/domain/hours';
import { STATION_PATTERN } from './station';

/** The contract's limits for what the restaurant may keep in its menu. */
export const MENU_LIMITS = {
  /** A dish's price, in the restaurant's currency. */
  priceMax: 10_000,
  /** What one choice adds to it. */
  choicePriceMax: 1_000,
  nameLength: 120,
  descriptionLength: 1_000,
  groupsPerDish: 10,
  choicesPerGroup: 30,
  windowsPerHours: 14,
  prepMinutesMax: 240,
  /** A photo's body (PUT staff/menu/{id}/photo). */
  photoBytesMax: 5 * 1024 * 1024,
  /** An import's body (JSON or CSV). */
  importBytesMax: 4 * 1024 * 1024,
  importDishesMax: 5_000,
  auditLimitMax: 500,
} as const;

export { DIETS, type Diet };

/** The contract's tags other than diets (spicy, contains-nuts, new): a dish's `tags` in the back office. */
export const OTHER_TAGS = MENU_TAGS.filter(
  (tag): tag is Exclude<(typeof MENU_TAGS)[number], Diet> => !(DIETS as readonly string[]).includes(tag),
);

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export { STATION_PATTERN };
export const LANGUAGE_PATTERN = /^[a-z]{2,3}$/;

const noControl = z.regex(/^[^\p{Cc}]*$/u, 'no control characters');
const nameSchema = storableText().check(z.trim(), z.minLength(1), z.maxLength(MENU_LIMITS.nameLength), noControl);
const descriptionSchema = storableText().check(z.trim(), z.maxLength(MENU_LIMITS.descriptionLength));

/** A price with at most two decimals, from 0 to `max`. */
const priceSchema = (max: number) =>
  z.number().check(
    z.minimum(0, 'must be 0 or more'),
    z.maximum(max, `must be at most ${max}`),
    z.refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'at most two decimals (cents)'),
  );

const unique = <T>(values: readonly T[]) => new Set(values).size === values.length;

/** `null`: not declared, which is never the same as `[]`, none. */
export const allergenListSchema = z.nullable(
  z.array(z.enum(ALLERGENS)).check(z.refine(unique, 'an allergen is named twice')),
);
export const dietsSchema = z.array(z.enum(DIETS)).check(z.refine(unique, 'a diet is named twice'));
export const tagsSchema = z.array(z.enum(OTHER_TAGS)).check(z.refine(unique, 'a tag is named twice'));

export const stationSchema = z.nullable(
  z.string().check(z.regex(STATION_PATTERN, 'lower-case letters, digits and "-", up to 30 (kitchen, bar)')),
);

export const translationSchema = z.object({
  name: nameSchema,
  description: z.optional(z.nullable(descriptionSchema)),
});
/** By language code (`es`, `ar`); the restaurant's own language is the entity's own name. */
export const translationsSchema = z.record(
  z.string().check(z.regex(LANGUAGE_PATTERN, 'a language code such as es')),
  translationSchema,
);

export const hoursWindowSchema = z
  .object({
    days: z.array(z.number().check(z.int(), z.minimum(1), z.maximum(7))).check(z.minLength(1), z.maxLength(7)),
    from: z.string().check(z.regex(TIME_PATTERN, 'a time HH:MM')),
    to: z.string().check(z.regex(TIME_PATTERN, 'a time HH:MM (24:00 for midnight)')),
  })
  .check(
    z.superRefine((window, ctx) => {
      const problem = windowProblem(window as HoursWindow);
      if (problem) ctx.issues.push({ code: 'custom', message: problem.message, path: [problem.field], input: window });
    }),
  );
/** In the restaurant's time zone; `null`: at all hours. */
export const hoursSchema = z.nullable(
  z.array(hoursWindowSchema).check(z.minLength(1), z.maxLength(MENU_LIMITS.windowsPerHours)),
);

export const choiceInputSchema = z.object({
  /** Absent: a new choice. */
  id: z.optional(idSchema),
  name: nameSchema,
  price: priceSchema(MENU_LIMITS.choicePriceMax),
  available: z.optional(z.boolean()),
  allergens: z.optional(allergenListSchema),
  translations: z.optional(translationsSchema),
});

export const optionGroupInputSchema = z
  .object({
    id: z.optional(idSchema),
    name: nameSchema,
    min: z.number().check(z.int(), z.minimum(0), z.maximum(MENU_LIMITS.choicesPerGroup)),
    max: z.number().check(z.int(), z.minimum(1), z.maximum(MENU_LIMITS.choicesPerGroup)),
    choices: z.array(choiceInputSchema).check(z.minLength(1), z.maxLength(MENU_LIMITS.choicesPerGroup)),
    translations: z.optional(translationsSchema),
  })
  .check(
    z.superRefine((group, ctx) => {
      if (group.min > group.max) {
        ctx.issues.push({ code: 'custom', message: `must not exceed max (${group.max})`, path: ['min'], input: group });
      } else if (group.min > group.choices.length) {
        ctx.issues.push({ code: 'custom', message: 'more than the group has choices', path: ['min'], input: group });
      }
    }),
  );

export const optionsInputSchema = z.array(optionGroupInputSchema).check(z.maxLength(MENU_LIMITS.groupsPerDish));

const prepMinutesSchema = z.number().check(z.int(), z.minimum(0), z.maximum(MENU_LIMITS.prepMinutesMax));
/** An image the provider keeps (`/images/…`, from PUT …/photo) or an https: address; null removes it. */
const imageInputSchema = z.nullable(
  z.string().check(
    z.maxLength(500),
    z.refine(
      (value) => (value.startsWith('/images/') && !value.includes('..')) || /^https:\/\/[^\s]+$/.test(value),
      'an https: address or a path under /images/',
    ),
  ),
);
const sortSchema = z.number().check(z.int(), z.minimum(0), z.maximum(100_000));

// --- The calls' bodies --------------------------------------------------------------------------------------------

export const newCategorySchema = z.object({
  name: nameSchema,
  description: z.optional(z.nullable(descriptionSchema)),
  image: z.optional(imageInputSchema),
  translations: z.optional(translationsSchema),
  hours: z.optional(hoursSchema),
  station: z.optional(stationSchema),
  /** The position among the categories (0 first); absent: last. */
  sort: z.optional(sortSchema),
});
export const categoryPatchSchema = z.partial(z.extend(newCategorySchema, { hidden: z.boolean() }));

export const newSubCategorySchema = z.object({
  category_id: idSchema,
  name: nameSchema,
  image: z.optional(imageInputSchema),
  translations: z.optional(translationsSchema),
  sort: z.optional(sortSchema),
});
export const subCategoryPatchSchema = z.partial(z.extend(newSubCategorySchema, { hidden: z.boolean() }));

export const newDishSchema = z.object({
  sub_cat_id: idSchema,
  name: nameSchema,
  description: z.optional(descriptionSchema),
  price: priceSchema(MENU_LIMITS.priceMax),
  available: z.optional(z.boolean()),
  prep_minutes: z.optional(prepMinutesSchema),
  allergens: z.optional(allergenListSchema),
  diets: z.optional(dietsSchema),
  tags: z.optional(tagsSchema),
  options: z.optional(optionsInputSchema),
  translations: z.optional(translationsSchema),
  hours: z.optional(hoursSchema),
  station: z.optional(stationSchema),
  image: z.optional(imageInputSchema),
  sort: z.optional(sortSchema),
});
/** Any field of a dish; `available` and `prep_minutes` alone are the kitchen's (contract v1.1), the rest a manager's. */
export const dishPatchSchema = z
  .partial(z.extend(newDishSchema, { hidden: z.boolean() }))
  .check(z.refine((patch) => Object.keys(patch).length > 0, 'send at least one field to change'));

/** The fields of a dish the kitchen may change (contract v1.1 "dish availability"). */
export const KITCHEN_DISH_FIELDS = ['available', 'prep_minutes'] as const;

export const choicePatchSchema = z.object({ available: z.boolean() });

// --- What the calls answer --------------------------------------------------------------------------------------

const translationsOut = z.record(
  z.string(),
  z.object({ name: z.string(), description: z.optional(z.nullable(z.string())) }),
);
const hoursOut = z.nullable(z.array(z.object({ days: z.array(z.number()), from: z.string(), to: z.string() })));

export const staffCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.nullable(z.string()),
  image: z.nullable(z.string()),
  sort: z.number(),
  hidden: z.boolean(),
  hours: hoursOut,
  station: z.nullable(z.string()),
  translations: translationsOut,
});

export const staffSubCategorySchema = z.object({
  id: idSchema,
  category_id: idSchema,
  name: z.string(),
  image: z.nullable(z.string()),
  sort: z.number(),
  hidden: z.boolean(),
  translations: translationsOut,
});

export const staffChoiceSchema = z.object({
  id: idSchema,
  name: z.string(),
  price: z.number(),
  available: z.boolean(),
  allergens: z.nullable(z.array(z.string())),
  translations: translationsOut,
});

export const staffOptionGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  min: z.number(),
  max: z.number(),
  choices: z.array(staffChoiceSchema),
  translations: translationsOut,
});

/**
 * A dish as the back office keeps it: `available` is the kitchen's sold-out switch itself (hours aside), `tags` the
 * contract's tags other than diets, in the restaurant's own language with its translations beside.
 */
export const staffMenuItemSchema = z.object({
  id: idSchema,
  cat_id: idSchema,
  sub_cat_id: idSchema,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  image: z.nullable(z.string()),
  available: z.boolean(),
  prep_minutes: z.number(),
  allergens: z.nullable(z.array(z.string())),
  diets: z.array(z.string()),
  tags: z.array(z.string()),
  options: z.array(staffOptionGroupSchema),
  sort: z.number(),
  hidden: z.boolean(),
  hours: hoursOut,
  station: z.nullable(z.string()),
  translations: translationsOut,
});

// --- MenuDocument: the whole menu, nested, for export and import -------------------------------------------------

/**
 * A dish in a MenuDocument. `id` ties it to a dish of this restaurant (an id it does not have is ignored, so a menu
 * moves between restaurants); without one it is matched by name within its sub-category. A field left out keeps what
 * the dish has (a new dish takes the default); `hidden: true` hides it.
 */
export const documentItemSchema = z.object({
  id: z.optional(idSchema),
  name: nameSchema,
  description: z.optional(descriptionSchema),
  price: priceSchema(MENU_LIMITS.priceMax),
  available: z.optional(z.boolean()),
  prep_minutes: z.optional(prepMinutesSchema),
  allergens: z.optional(allergenListSchema),
  diets: z.optional(dietsSchema),
  tags: z.optional(tagsSchema),
  options: z.optional(optionsInputSchema),
  translations: z.optional(translationsSchema),
  hours: z.optional(hoursSchema),
  station: z.optional(stationSchema),
  image: z.optional(imageInputSchema),
  hidden: z.optional(z.boolean()),
});

export const documentSubCategorySchema = z.object({
  id: z.optional(idSchema),
  name: nameSchema,
  image: z.optional(imageInputSchema),
  translations: z.optional(translationsSchema),
  hidden: z.optional(z.boolean()),
  items: z.array(documentItemSchema),
});

export const documentCategorySchema = z.object({
  id: z.optional(idSchema),
  name: nameSchema,
  description: z.optional(z.nullable(descriptionSchema)),
  image: z.optional(imageInputSchema),
  translations: z.optional(translationsSchema),
  hours: z.optional(hoursSchema),
  station: z.optional(stationSchema),
  hidden: z.optional(z.boolean()),
  sub_categories: z.array(documentSubCategorySchema),
});

/** The whole menu, in the order guests see it. Everything this restaurant has that the document leaves out is hidden. */
export const menuDocumentSchema = z.object({
  version: z.literal(1),
  categories: z.array(documentCategorySchema),
});

/** The CSV's columns, one dish a line; `tags`, `prep_minutes` and `station` may follow. */
export const CSV_COLUMNS = ['category', 'sub_category', 'name', 'description', 'price', 'allergens', 'diets'] as const;
export const CSV_OPTIONAL_COLUMNS = ['tags', 'prep_minutes', 'station'] as const;

export const importProblemSchema = z.object({
  /** The CSV line (1 is the header), for a CSV. */
  line: z.optional(z.number()),
  /** Where in the document (`categories.0.sub_categories.1.items.2`), for a MenuDocument. */
  path: z.optional(z.string()),
  field: z.string(),
  message: z.string(),
});

export const importWarningSchema = z.extend(importProblemSchema, {
  /** A contradiction that could hurt a guest (a "gluten-free" dish that declares gluten): the import waits for `acknowledge=true`. */
  blocking: z.boolean(),
});

export const importChangeSchema = z.object({
  change: z.enum(['added', 'changed', 'hidden']),
  entity: z.enum(['category', 'sub_category', 'menu_item']),
  id: z.nullable(idSchema),
  /** Category › sub-category › dish. */
  name: z.string(),
  /** The fields that change, for `changed`. */
  fields: z.optional(z.array(z.string())),
});

export const importReportSchema = z.object({
  added: z.number(),
  changed: z.number(),
  hidden: z.number(),
  errors: z.array(importProblemSchema),
  warnings: z.array(importWarningSchema),
  changes: z.array(importChangeSchema),
  /** True when `?apply=true` wrote it; a dry run changes nothing. */
  applied: z.boolean(),
});

export const AUDIT_ACTIONS = ['create', 'update', 'hide', 'photo', 'import'] as const;
export const AUDIT_ENTITIES = ['category', 'sub_category', 'menu_item', 'choice', 'menu'] as const;

export const auditEntrySchema = z.object({
  at: timestampSchema,
  staff: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  id: z.nullable(idSchema),
  before: z.unknown(),
  after: z.unknown(),
});
export const auditEntriesSchema = z.array(auditEntrySchema);

export type MenuDocument = z.output<typeof menuDocumentSchema>;
export type DocumentCategory = z.output<typeof documentCategorySchema>;
export type DocumentSubCategory = z.output<typeof documentSubCategorySchema>;
export type DocumentItem = z.output<typeof documentItemSchema>;
export type ChoiceInput = z.output<typeof choiceInputSchema>;
export type OptionGroupInput = z.output<typeof optionGroupInputSchema>;
export type NewCategory = z.output<typeof newCategorySchema>;
export type CategoryPatch = z.output<typeof categoryPatchSchema>;
export type NewSubCategory = z.output<typeof newSubCategorySchema>;
export type SubCategoryPatch = z.output<typeof subCategoryPatchSchema>;
export type NewDish = z.output<typeof newDishSchema>;
export type DishPatch = z.output<typeof dishPatchSchema>;
export type Translations = z.output<typeof translationsSchema>;
export type HoursInput = z.output<typeof hoursSchema>;
export type StaffCategory = z.output<typeof staffCategorySchema>;
export type StaffSubCategory = z.output<typeof staffSubCategorySchema>;
export type StaffMenuItem = z.output<typeof staffMenuItemSchema>;
export type StaffOptionGroup = z.output<typeof staffOptionGroupSchema>;
export type StaffChoice = z.output<typeof staffChoiceSchema>;
export type ImportProblem = z.output<typeof importProblemSchema>;
export type ImportWarning = z.output<typeof importWarningSchema>;
export type ImportChange = z.output<typeof importChangeSchema>;
export type ImportReport = z.output<typeof importReportSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
