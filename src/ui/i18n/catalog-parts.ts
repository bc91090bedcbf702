// Which messages the menu's first screen needs: each language's catalog is cut in two at build time, the first part
// loaded during the splash and the later part once the menu is up (or by whatever shows one of its messages first).

/** Messages shown only past the first screen: the cart, checkout, orders, the table's bill, the POS's dialogs and name prompt. */
const LATER = [
  'cart.',
  'checkout.',
  'failure.',
  'order.',
  'orderLines.',
  'statusSentence.',
  'myOrders.',
  'line.',
  'tableBill.',
  'request.',
  'guestName.',
  'pay.',
  'tablePicker.',
  'tableStatus.',
  'dish.',
  'options.',
  'choice.',
  'quantity.',
  'search.',
  'filter.hide',
  'filter.note',
  'filter.diets',
  'filter.clear',
  'filter.allergen.',
];
/** The exceptions: on the first screen although their neighbours are not (the header's cart, the search box). */
const FIRST = ['cart.badge', 'search.label', 'search.clear'];

export type CatalogPart = 'first' | 'later';

/** The part a message id belongs to; any id not listed is in the first part. */
export function partOf(id: string): CatalogPart {
  if (FIRST.includes(id)) return 'first';
  return LATER.some((prefix) => id.startsWith(prefix)) ? 'later' : 'first';
}
