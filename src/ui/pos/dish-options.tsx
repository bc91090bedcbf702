// A dish's option groups in its dialog: a radio group for "pick one", checkboxes for several; sold-out choices and
// choices holding an allergen the guest's filter hides are disabled.
import type { Allergen, Choice, OptionGroup } from '../../../contract/guest';
import { hiddenAllergensIn } from '../dish-filter/dish-filter';
import { formatAnd, formatMoney } from '../format';
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

/** Whether a guest hiding these allergens may pick the choice: available, and holding none of them. */
const canPick = (choice: Choice, hide: readonly Allergen[]) =>
  choice.available && hiddenAllergensIn(choice.allergens, hide).length === 0;

/** What keeps Add disabled, in words: the groups to choose, or those no choice the guest may pick can fill. */
export function missingText(missing: readonly OptionGroup[], hide: readonly Allergen[]): string {
  const names = (list: readonly OptionGroup[]) =>
    formatAnd(list.map((group) => group.name.toLocaleLowerCase(currentLanguage())));
  const blocked = missing.filter((group) => group.choices.filter((choice) => canPick(choice, hide)).length < group.min);
  return blocked.length > 0
    ? t('options.blocked', { groups: names(blocked) })
    : t('options.missing', { groups: names(missing) });
}

/** The picked choices, in menu order. */
export function pickedChoices(groups: readonly OptionGroup[], picks: Picks): Choice[] {
  return groups.flatMap((group) => group.choices.filter((choice) => picks[group.id]?.includes(choice.id)));
}

function choiceLabel(choice: Choice, avoided: readonly Allergen[]): string {
  const parts = [choice.name];
  if (choice.price > 0) parts.push(`+${formatMoney(choice.price)}`);
  if (choice.allergens && choice.allergens.length > 0)
    parts.push(t('choice.contains', { list: allergenList(choice.allergens) }));
  if (avoided.length > 0) parts.push(t('choice.avoid', { list: allergenList(avoided) }));
  if (!choice.available) parts.push(t('choice.soldOut'));
  return parts.join(' ');
}

interface DishOptionsProps {
  groups: readonly OptionGroup[];
  picks: Picks;
  onChange: (groupId: number, choiceIds: readonly number[]) => void;
  /** The allergens the guest's filter hides (`hide=` in the URL). */
  hide?: readonly Allergen[];
}

export function DishOptions({ groups, picks, onChange, hide = [] }: DishOptionsProps) {
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
              const avoided = hiddenAllergensIn(choice.allergens, hide);
              return (
                <label
                  key={choice.id}
                  className={
                    avoided.length > 0 ? 'dish-options__choice dish-options__choice--avoided' : 'dish-options__choice'
                  }
                >
                  <input
                    type={radio ? 'radio' : 'checkbox'}
                    name={legendId}
                    value={choice.id}
                    checked={checked}
                    disabled={!canPick(choice, hide) || full}
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
                  {choiceLabel(choice, avoided)}
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
