// A small picture per declared allergen, beside its words on cards, the dialog and the filter: never the only label.
import { ALLERGENS, type Allergen } from '../../contract/guest';
import './allergen-icons.css';

// Line drawings on a 24-unit grid, stroked in the text's colour. Inline SVG rather than emoji: a device without an
// emoji font (Debian's Chromium, many kiosks) drew emoji as empty boxes. A dozen path strings gzip to under 1 kB, less
// than any icon package's runtime.
const PATHS: Record<Allergen, string> = {
  gluten:
    'M12 22V6M12 6c-1.5-1-1.5-3 0-4 1.5 1 1.5 3 0 4M12 11c-3 0-4-2-4-4 3 0 4 2 4 4m0 0c3 0 4-2 4-4-3 0-4 2-4 4M12 16c-3 0-4-2-4-4 3 0 4 2 4 4m0 0c3 0 4-2 4-4-3 0-4 2-4 4',
  crustaceans: 'M20 6C13 4 5 7 5 13a5 5 0 0 0 9 3M20 6l2-3M9 9l2 4M14 7l1 4M14 16l3 3M14 16l-1 5',
  eggs: 'M12 3C8 3 5 9 5 14a7 7 0 0 0 14 0c0-5-3-11-7-11z',
  fish: 'M2 12c3-5 11-7 15 0-4 7-12 5-15 0zM17 12l5-4v8zM7 11h.01',
  peanuts:
    'M12 2c3 0 5 2 5 5 0 2-1 3-1 5s1 3 1 5c0 3-2 5-5 5s-5-2-5-5c0-2 1-3 1-5S7 9 7 7c0-3 2-5 5-5zM11 6h.01M13 9h.01M11 15h.01M13 18h.01',
  soybeans: 'M5 19c-2-2 0-7 4-11s9-6 11-4 0 7-4 11-9 6-11 4zM8.5 15.5h.01M12 12h.01M15.5 8.5h.01',
  milk: 'M9 2h6M10 2v3L8 8v13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V8l-2-3V2M8 13h8',
  nuts: 'M12 4V2M4 10c0-4 4-6 8-6s8 2 8 6zM6 10c0 6 3 10 6 11 3-1 6-5 6-11',
  celery:
    'M8 22V11M12 22V8M16 22V11M8 11c-3 0-4-3-3-5 2 0 3 2 3 5M12 8c-2-1-2-4 0-6 2 2 2 5 0 6M16 11c3 0 4-3 3-5-2 0-3 2-3 5',
  mustard: 'M11 2h2l1 5h-4zM8 7h8v13a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2zM8 12h8',
  sesame:
    'M7 4c2 1.5 2 4.5 0 6-2-1.5-2-4.5 0-6M16 7c2 1.5 2 4.5 0 6-2-1.5-2-4.5 0-6M9 14c2 1.5 2 4.5 0 6-2-1.5-2-4.5 0-6',
  sulphites: 'M8 2h8l1 6a5 5 0 0 1-10 0zM12 13v8M8 22h8',
  lupin:
    'M12 22V14M12 18c-3 0-5-2-5-4M12 18c3 0 5-2 5-4M12 2a1.5 1.5 0 0 1 0 3 1.5 1.5 0 0 1 0-3M9.5 6a1.5 1.5 0 0 1 0 3 1.5 1.5 0 0 1 0-3M14.5 6a1.5 1.5 0 0 1 0 3 1.5 1.5 0 0 1 0-3M12 10a1.5 1.5 0 0 1 0 3 1.5 1.5 0 0 1 0-3',
  molluscs: 'M12 20L3 10c2-5 6-7 9-7s7 2 9 7zM12 20L8 4.5M12 20V3M12 20l4-15.5M10 20h4v2h-4z',
};

const isAllergen = (value: string): value is Allergen => (ALLERGENS as readonly string[]).includes(value);

/** One allergen's picture, decorative: the words beside it are the label. */
export function AllergenIcon({ allergen }: { allergen: Allergen }) {
  return (
    <svg
      className="allergen-icon"
      data-allergen={allergen}
      viewBox="0 0 24 24"
      width="1.25em"
      height="1.25em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[allergen]} />
    </svg>
  );
}

/** The declared allergens' pictures, hidden from screen readers (the text beside them says the same). */
export function AllergenIcons({ allergens }: { allergens: readonly string[] | null | undefined }) {
  const declared = (allergens ?? []).filter(isAllergen);
  if (declared.length === 0) return null;
  return (
    <span className="allergen-icons" aria-hidden="true" data-testid="allergen-icons">
      {declared.map((allergen) => (
        <AllergenIcon key={allergen} allergen={allergen} />
      ))}
    </span>
  );
}
