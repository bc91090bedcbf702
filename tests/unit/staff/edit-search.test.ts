// The menu editor's address: what `?edit=` the route keeps, and that the editor reads each kept value back to the same target.
import { describe, expect, it } from 'vitest';
import { validateEditSearch } from '../../../src/ui/staff/menu-editor/edit-search';
import { editSearch, parseEditTarget } from '../../../src/ui/staff/menu-editor/edit-target';

describe('the menu editor address', () => {
  it.each(['new-category', 'category-3', 'sub-12', 'dish-9999999999', 'new-sub-4', 'new-dish-7'])(
    'keeps %s, which opens that target and is written back the same way',
    (edit) => {
      expect(validateEditSearch({ edit })).toEqual({ edit });
      const target = parseEditTarget(edit);
      expect(target).toBeDefined();
      expect(editSearch(target!)).toBe(edit);
    },
  );

  it.each([
    undefined,
    12,
    '',
    'dish',
    'dish-0',
    'dish-012',
    'dish-12345678901',
    'new-category-1',
    'table-3',
    ' dish-1',
  ])('drops %j, which opens nothing', (edit) => {
    expect(validateEditSearch({ edit })).toEqual({});
    expect(parseEditTarget(edit)).toBeUndefined();
  });

  it('reads each kind with its id', () => {
    expect(parseEditTarget('new-category')).toEqual({ kind: 'new-category' });
    expect(parseEditTarget('dish-12')).toEqual({ kind: 'dish', id: 12 });
    expect(parseEditTarget('new-sub-4')).toEqual({ kind: 'new-sub', categoryId: 4 });
    expect(parseEditTarget('new-dish-7')).toEqual({ kind: 'new-dish', subId: 7 });
  });
});
