// The menu editor's address check (`?edit=dish-12`), apart from edit-target.ts: the route tree, which every guest loads, carries only this.

/** What the editor can have open, as its address writes it (edit-target.ts reads the kind and the id). */
export const EDIT_SEARCH = /^(?:new-category|(category|sub|dish|new-sub|new-dish)-([1-9]\d{0,9}))$/;

/** A known target is kept as written (the address has one spelling for each); anything else is dropped. */
export function validateEditSearch(search: Record<string, unknown>): { edit?: string } {
  const { edit } = search;
  return typeof edit === 'string' && EDIT_SEARCH.test(edit) ? { edit } : {};
}
