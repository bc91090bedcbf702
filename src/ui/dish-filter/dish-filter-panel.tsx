// "Hide dishes containing…" and diets: two fieldsets of labelled checkboxes in a disclosure, reflected in the URL.
import { useId, useState, type ReactNode } from 'react';
import { ALLERGENS } from '../../api/schemas';
import { AllergenIcon } from '../allergen-icons';
import { DIETS, isFiltering, type Diet, type DishFilter } from './dish-filter';
import { formatNumber } from '../format';
import { t, type MessageId } from '../i18n/i18n';
import './dish-filter.css';

// The diets read as the menu's own tags do.
const DIET_LABELS: Record<Diet, MessageId> = {
  vegetarian: 'tag.vegetarian',
  vegan: 'tag.vegan',
  'gluten-free': 'tag.gluten-free',
};

interface DishFilterPanelProps {
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
      <ul className="dish-filter__choices">
        {options.map((option) => (
          <li key={option}>
            <label className="dish-filter__choice">
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

export function DishFilterPanel({ filter, onChange }: DishFilterPanelProps) {
  const active = isFiltering(filter);
  // Open from the start when a link brought a filter, so the guest sees why dishes are missing.
  const [open, setOpen] = useState(active);
  const noteId = useId();
  const count = filter.hide.length + filter.diets.length;
  return (
    <details
      className="dish-filter"
      data-testid="dish-filter"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="dish-filter__summary">
        {active ? t('filter.summaryOn', { count: formatNumber(count) }) : t('filter.summary')}
      </summary>
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
    </details>
  );
}
