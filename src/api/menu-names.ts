// Dishes' and choices' names in one language, read from the menu answers cached for it: what a guest's order lines show.
import type { QueryClient } from '@tanstack/react-query';
import type { MenuItem } from '../../contract/guest';
import type { OrderLine } from '../../contract/orders';
import type { MenuFilter } from './calls';
import { menuQueriesKey } from './queries';

/** A dish's name and its choices' names (by choice id), as one menu answer gives them. */
export interface DishNames {
  name: string;
  choices: Record<number, string>;
}

/**
 * For each dish among `ids`, its names in the most recently updated menu answer cached for `language`. A provider
 * answers in its own names where it has no translation (contract "Languages"), and so does one without any (v1).
 */
export function cachedDishNames(
  client: QueryClient,
  language: string,
  ids: ReadonlySet<number>,
): Record<number, DishNames> {
  const latest = new Map<number, { at: number; names: DishNames }>();
  for (const query of client.getQueryCache().findAll({ queryKey: menuQueriesKey })) {
    const [, , answered] = query.queryKey as unknown as [string, MenuFilter, string];
    const items = query.state.data as MenuItem[] | undefined;
    if (answered !== language || !Array.isArray(items)) continue;
    const at = query.state.dataUpdatedAt;
    for (const item of items) {
      if (!ids.has(item.id) || (latest.get(item.id)?.at ?? -1) > at) continue;
      const choices: Record<number, string> = {};
      for (const group of item.options ?? []) for (const choice of group.choices) choices[choice.id] = choice.name;
      latest.set(item.id, { at, names: { name: item.name, choices } });
    }
  }
  return Object.fromEntries([...latest].sort(([a], [b]) => a - b).map(([id, { names }]) => [id, names]));
}

/** A line naming a dish: an order's, or a bill's or a receipt's, which may not say which dish it is. */
type NamedLine = Pick<OrderLine, 'name' | 'choices'> & { menu_id?: number };

/**
 * The lines with the names `names` has for their dishes and choices; whatever it does not know (a dish taken off the
 * menu, a choice no longer offered, a line without its dish) keeps the name the line carries, the restaurant's.
 */
export function withDishNames<Line extends NamedLine>(
  lines: readonly Line[],
  names: Readonly<Record<number, DishNames>>,
): Line[] {
  return lines.map((line) => {
    const dish = line.menu_id === undefined ? undefined : names[line.menu_id];
    if (!dish) return line;
    return {
      ...line,
      name: dish.name,
      ...(line.choices
        ? { choices: line.choices.map((choice) => ({ ...choice, name: dish.choices[choice.id] ?? choice.name })) }
        : {}),
    };
  });
}
