// The dish filter's choices, in their own chunk (the panel opens on them; the menu's first screen shows it closed):
// "hide dishes containing…" and diets, two fieldsets of labelled checkboxes.
import { useId, type ReactNode } from 'react';
import { ALLERGENS } from '../../../contract/guest';
import { AllergenIcon } from '../allergen-icons';
import { DIETS, isFiltering, type Diet, type DishFilter } from './dish-filter';
import { t, type MessageId } from '../i18n/i18n';
import './dish-filter-choices.css';

// The diets read as the menu's own tags do.
const DIET_LABELS: Record<Diet, MessageId> = {
  vegetarian: 'tag.vegetarian',
  vegan: 'tag.vegan',
  'gluten-free': 'tag.gluten-free',
};

interface DishFilterChoicesProps {
  filter: DishFilter;
  onChange: (next: DishFilter) => void;
}

function toggled<T>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  return order.filter((candidate) => (candidate === value ? on : list.includes(candidate)));
}

/** One fieldset of labelled checkboxes; the picked values stay in the options' own order (a stable URL). */
function ChoiceGroup<T extends string>({
  legend,
  describedBy,
  name,
  options,
  picked,
  onPick,
  label,
}: {
  legend: string;
  describedBy?: string;
  name: string;
  options: readonly T[];
  picked: readonly T[];
  onPick: (next: T[]) => void;
  label: (option: T) => ReactNode;
}) {
  return (
    <fieldset className="dish-filter__group" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <ul className="choice-chips">
        {options.map((option) => (
          <li key={option}>
            <label className="choice-chip">
              <input
                type="checkbox"
                name={name}
                value={option}
                checked={picked.includes(option)}
                onChange={(event) => onPick(toggled(picked, option, event.target.checked, options))}
              />
              {label(option)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function DishFilterChoices({ filter, onChange }: DishFilterChoicesProps) {
  const active = isFiltering(filter);
  const noteId = useId();
  return (
    <div className="dish-filter__body">
      <ChoiceGroup
        legend={t('filter.hide')}
        describedBy={noteId}
        name="hide"
        options={ALLERGENS}
        picked={filter.hide}
        onPick={(hide) => onChange({ ...filter, hide })}
        label={(allergen) => (
          <>
            <AllergenIcon allergen={allergen} /> {t(`filter.allergen.${allergen}`)}
          </>
        )}
      />
      <p id={noteId} className="dish-filter__note">
        {t('filter.note')}
      </p>
      <ChoiceGroup
        legend={t('filter.diets')}
        name="diet"
        options={DIETS}
        picked={filter.diets}
        onPick={(diets) => onChange({ ...filter, diets })}
        label={(diet) => t(DIET_LABELS[diet])}
      />
      {active && (
        <button type="button" className="link-button" onClick={() => onChange({ hide: [], diets: [] })}>
          {t('filter.clear')}
        </button>
      )}
    </div>
  );
}
