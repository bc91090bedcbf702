// "Hide dishes containing…" and diets: two fieldsets of labelled checkboxes in a disclosure, reflected in the URL.
import { useId, useState } from 'react';
import { ALLERGENS } from '../../api/schemas';
import { ALLERGEN_ICONS } from '../allergen-icons';
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
        <fieldset className="dish-filter__group" aria-describedby={noteId}>
          <legend>{t('filter.hide')}</legend>
          <ul className="dish-filter__choices">
            {ALLERGENS.map((allergen) => (
              <li key={allergen}>
                <label className="dish-filter__choice">
                  <input
                    type="checkbox"
                    name="hide"
                    value={allergen}
                    checked={filter.hide.includes(allergen)}
                    onChange={(event) =>
                      onChange({ ...filter, hide: toggled(filter.hide, allergen, event.target.checked, ALLERGENS) })
                    }
                  />
                  <span aria-hidden="true">{ALLERGEN_ICONS[allergen]}</span> {t(`filter.allergen.${allergen}`)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p id={noteId} className="dish-filter__note">
          {t('filter.note')}
        </p>
        <fieldset className="dish-filter__group">
          <legend>{t('filter.diets')}</legend>
          <ul className="dish-filter__choices">
            {DIETS.map((diet) => (
              <li key={diet}>
                <label className="dish-filter__choice">
                  <input
                    type="checkbox"
                    name="diet"
                    value={diet}
                    checked={filter.diets.includes(diet)}
                    onChange={(event) =>
                      onChange({ ...filter, diets: toggled(filter.diets, diet, event.target.checked, DIETS) })
                    }
                  />
                  {t(DIET_LABELS[diet])}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {active && (
          <button type="button" className="link-button" onClick={() => onChange({ hide: [], diets: [] })}>
            {t('filter.clear')}
          </button>
        )}
      </div>
    </details>
  );
}
