// What the menu editor has open, read from and written to its address; the route's search check needs only
// edit-search.ts, so this stays with the editor's chunks, off the guests' path.
import { EDIT_SEARCH } from './edit-search';

/** What the editor has open, as the address says it (`?edit=dish-12`). */
export type EditTarget =
  | { kind: 'category' | 'sub' | 'dish'; id: number }
  | { kind: 'new-category' }
  | { kind: 'new-sub'; categoryId: number }
  | { kind: 'new-dish'; subId: number };

export function parseEditTarget(value: unknown): EditTarget | undefined {
  const match = typeof value === 'string' ? EDIT_SEARCH.exec(value) : null;
  if (!match) return undefined;
  if (match[1] === undefined) return { kind: 'new-category' };
  const id = Number(match[2]);
  if (match[1] === 'new-sub') return { kind: 'new-sub', categoryId: id };
  if (match[1] === 'new-dish') return { kind: 'new-dish', subId: id };
  return { kind: match[1] as 'category' | 'sub' | 'dish', id };
}

export const editSearch = (target: EditTarget): string => {
  if (target.kind === 'new-category') return 'new-category';
  if (target.kind === 'new-sub') return `new-sub-${target.categoryId}`;
  if (target.kind === 'new-dish') return `new-dish-${target.subId}`;
  return `${target.kind}-${target.id}`;
};
