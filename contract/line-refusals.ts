// Why a provider refuses a line of an order (`fields["items.2.menu_id"]`, or `fields.menu_id` for an addition): the
// reasons every provider gives in these words, which the app then tells the guest in their own language.

export const LINE_REFUSALS = {
  unknown: 'unknown menu item',
  gone: 'no longer on the menu',
  soldOut: 'sold out',
  hours: 'not served at this hour',
} as const;

export type LineRefusal = keyof typeof LINE_REFUSALS;

const BY_REASON = new Map<string, LineRefusal>(
  Object.entries(LINE_REFUSALS).map(([kind, reason]) => [reason, kind as LineRefusal]),
);

/** The kind of a line's refusal, or undefined for a reason in the provider's own words (a choice, a limit). */
export const lineRefusalOf = (reason: string): LineRefusal | undefined => BY_REASON.get(reason);
