// A line's choices checked against its dish's option groups and priced, shared by the real provider and the MSW fake.
import type { FieldErrors } from '../api/provider-error';

/** A choice as the checks and the price need it (cents). */
export interface ChoiceEntry {
  id: number;
  name: string;
  priceCents: number;
  available: boolean;
}

export interface OptionGroupEntry {
  id: number;
  name: string;
  min: number;
  max: number;
  choices: ChoiceEntry[];
}

/** A choice as copied onto an order line. */
export interface ChosenChoice {
  id: number;
  name: string;
  priceCents: number;
}

/** "choose 1", "choose 1 to 3", "choose up to 3", for the messages a guest reads. */
export function describeLimits(min: number, max: number): string {
  if (min === max) return `choose ${min}`;
  if (min === 0) return `choose up to ${max}`;
  return `choose ${min} to ${max}`;
}

/**
 * Checks a line's choice ids against its dish's groups, adding every problem to `fields` (under `prefix`choices for
 * ids that are not the dish's or are repeated, `prefix`options.<group id> for a group's rule) and `sentences`.
 * Returns the chosen choices in menu order (group by group).
 */
export function checkChoices(
  dishName: string,
  groups: readonly OptionGroupEntry[],
  choiceIds: readonly number[],
  prefix: string,
  fields: FieldErrors,
  sentences: string[],
): ChosenChoice[] {
  const picked = new Set<number>();
  for (const id of choiceIds) {
    if (picked.has(id)) {
      fields[`${prefix}choices`] ??= `choice ${id} is repeated`;
      sentences.push(`${dishName}: choice ${id} is chosen twice.`);
    } else if (!groups.some((group) => group.choices.some((choice) => choice.id === id))) {
      fields[`${prefix}choices`] ??= `choice ${id} is not an option of this dish`;
      sentences.push(`Choice ${id} is not an option of ${dishName}.`);
    }
    picked.add(id);
  }
  const chosen: ChosenChoice[] = [];
  for (const group of groups) {
    const inGroup = group.choices.filter((choice) => picked.has(choice.id));
    const path = `${prefix}options.${group.id}`;
    for (const choice of inGroup) {
      if (!choice.available) {
        fields[path] ??= `${choice.name} is sold out`;
        sentences.push(`${dishName}: ${choice.name} is sold out.`);
      }
    }
    if (inGroup.length < group.min || inGroup.length > group.max) {
      fields[path] ??= describeLimits(group.min, group.max);
      sentences.push(`${dishName}: ${group.name}, ${describeLimits(group.min, group.max)}.`);
    }
    chosen.push(...inGroup.map(({ id, name, priceCents }) => ({ id, name, priceCents })));
  }
  return chosen;
}
