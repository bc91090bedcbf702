// A small picture per declared allergen, beside its words on cards, the dialog and the filter: never the only label.
import { ALLERGENS, type Allergen } from '../../contract/guest';
import './allergen-icons.css';
import spriteUrl from './allergen-icons.svg?no-inline';

// Line drawings on a 24-unit grid, stroked in the text's colour. SVG rather than emoji: a device without an emoji font
// (Debian's Chromium, many kiosks) drew emoji as empty boxes. The drawings are one sprite file, fetched once and cached
// like a picture, not script on the menu's first screen: each icon shows its allergen's symbol from it.

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
      <use href={`${spriteUrl}#${allergen}`} />
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
