// A dish's option groups in its dialog: a radio group for "pick one", checkboxes for several, sold-out choices disabled.
import type { Choice, OptionGroup } from '../../api/schemas';
import { formatMoney } from '../format';
import { isRequired } from './dish-facts';
import './dish-options.css';
import { allergenList, currentLanguage, t } from '../i18n/i18n';

/** The choices picked so far, by group id. */
export type Picks = Readonly<Record<number, readonly number[]>>;

function limitsText(group: OptionGroup): string {
  if (group.max === 1) return t(group.min === 1 ? 'options.required1' : 'options.optional1');
  if (group.min === 0) return t('options.upTo', { max: group.max });
  if (group.min === group.max) return t('options.exactly', { max: group.max });
  return t('options.range', { min: group.min, max: group.max });
}

/** The groups still short of their minimum: what keeps Add disabled. */
export function missingGroups(groups: readonly OptionGroup[], picks: Picks): OptionGroup[] {
  return groups.filter((group) => (picks[group.id]?.length ?? 0) < group.min);
}

/** The picked choices, in menu order. */
export function pickedChoices(groups: readonly OptionGroup[], picks: Picks): Choice[] {
  return groups.flatMap((group) => group.choices.filter((choice) => picks[group.id]?.includes(choice.id)));
}

function choiceLabel(choice: Choice): string {
  const parts = [choice.name];
  if (choice.price > 0) parts.push(`+${formatMoney(choice.price)}`);
  if (choice.allergens && choice.allergens.length > 0)
    parts.push(t('choice.contains', { list: allergenList(choice.allergens) }));
  if (!choice.available) parts.push(t('choice.soldOut'));
  return parts.join(' ');
}

interface DishOptionsProps {
  groups: readonly OptionGroup[];
  picks: Picks;
  onChange: (groupId: number, choiceIds: readonly number[]) => void;
}

export function DishOptions({ groups, picks, onChange }: DishOptionsProps) {
  return (
    <div className="dish-options">
      {groups.map((group) => {
        const picked = picks[group.id] ?? [];
        const legendId = `option-group-${group.id}`;
        const radio = group.max === 1;
        return (
          <fieldset key={group.id} className="dish-options__group" data-testid="option-group">
            <legend id={legendId} className="dish-options__legend">
              {group.name} <span className="dish-options__limits">{limitsText(group)}</span>
            </legend>
            {radio && !isRequired(group) && (
              <label className="dish-options__choice">
                <input
                  type="radio"
                  name={legendId}
                  checked={picked.length === 0}
                  onChange={() => onChange(group.id, [])}
                />
                {t('options.none', { group: group.name.toLocaleLowerCase(currentLanguage()) })}
              </label>
            )}
            {group.choices.map((choice) => {
              const checked = picked.includes(choice.id);
              const full = !radio && !checked && picked.length >= group.max;
              return (
                <label key={choice.id} className="dish-options__choice">
                  <input
                    type={radio ? 'radio' : 'checkbox'}
                    name={legendId}
                    value={choice.id}
                    checked={checked}
                    disabled={!choice.available || full}
                    onChange={(event) => {
                      if (radio) onChange(group.id, [choice.id]);
                      else if (event.target.checked) onChange(group.id, [...picked, choice.id]);
                      else
                        onChange(
                          group.id,
                          picked.filter((id) => id !== choice.id),
                        );
                    }}
                  />
                  {choiceLabel(choice)}
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
