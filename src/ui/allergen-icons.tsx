// A small picture per declared allergen, beside its words on cards, the dialog and the filter: never the only label.
import { ALLERGENS, type Allergen } from '../api/schemas';

/** Words first; the pictures are decoration (hidden from screen readers), never the only label. */
export const ALLERGEN_ICONS: Record<Allergen, string> = {
  gluten: '🌾',
  crustaceans: '🦐',
  eggs: '🥚',
  fish: '🐟',
  peanuts: '🥜',
  soybeans: '🫘',
  milk: '🥛',
  nuts: '🌰',
  celery: '🥬',
  mustard: '🟡',
  sesame: '⚪',
  sulphites: '🍷',
  lupin: '🌼',
  molluscs: '🦪',
};

const isAllergen = (value: string): value is Allergen => (ALLERGENS as readonly string[]).includes(value);

/** The declared allergens' pictures, hidden from screen readers (the text beside them says the same). */
export function AllergenIcons({ allergens }: { allergens: readonly string[] | null | undefined }) {
  const icons = (allergens ?? []).filter(isAllergen).map((allergen) => ALLERGEN_ICONS[allergen]);
  if (icons.length === 0) return null;
  return (
    <span className="allergen-icons" aria-hidden="true" data-testid="allergen-icons">
      {icons.join(' ')}{' '}
    </span>
  );
}
