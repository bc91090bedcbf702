// "Hide dishes containing…" and diets: two fieldsets of labelled checkboxes in a disclosure, reflected in the URL.
import { useId, useState } from 'react';
import { ALLERGENS, type Allergen } from '../../api/schemas';
import { DIETS, isFiltering, type Diet, type DishFilter } from './dish-filter';
import './dish-filter.css';

/** Words first; the pictures are decoration (hidden from screen readers), never the only label. */
export const ALLERGEN_LABELS: Record<Allergen, { label: string; icon: string }> = {
  gluten: { label: 'Gluten', icon: '🌾' },
  crustaceans: { label: 'Crustaceans', icon: '🦐' },
  eggs: { label: 'Eggs', icon: '🥚' },
  fish: { label: 'Fish', icon: '🐟' },
  peanuts: { label: 'Peanuts', icon: '🥜' },
  soybeans: { label: 'Soybeans', icon: '🫘' },
  milk: { label: 'Milk', icon: '🥛' },
  nuts: { label: 'Tree nuts', icon: '🌰' },
  celery: { label: 'Celery', icon: '🥬' },
  mustard: { label: 'Mustard', icon: '🟡' },
  sesame: { label: 'Sesame', icon: '⚪' },
  sulphites: { label: 'Sulphites', icon: '🍷' },
  lupin: { label: 'Lupin', icon: '🌼' },
  molluscs: { label: 'Molluscs', icon: '🦪' },
};

const DIET_LABELS: Record<Diet, string> = { vegetarian: 'Vegetarian', vegan: 'Vegan', 'gluten-free': 'Gluten-free' };

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
      <summary className="dish-filter__summary">Allergens and diets{active ? ` (${count} on)` : ''}</summary>
      <div className="dish-filter__body">
        <fieldset className="dish-filter__group" aria-describedby={noteId}>
          <legend>Hide dishes containing…</legend>
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
                  <span aria-hidden="true">{ALLERGEN_LABELS[allergen].icon}</span> {ALLERGEN_LABELS[allergen].label}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p id={noteId} className="dish-filter__note">
          A dish whose allergens the restaurant has not declared stays on the menu, and says so: we never call it safe.
        </p>
        <fieldset className="dish-filter__group">
          <legend>Only show dishes that are…</legend>
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
                  {DIET_LABELS[diet]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {active && (
          <button type="button" className="link-button" onClick={() => onChange({ hide: [], diets: [] })}>
            Clear filters
          </button>
        )}
      </div>
    </details>
  );
}
