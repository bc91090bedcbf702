// The guest's allergies for the kitchen (contract v1.2): the 14 allergens as labelled checkboxes in one fieldset.
import { useId } from 'react';
import { ALLERGENS, type Allergen } from '../../../contract/guest';
import { useCheckout, useCheckoutSelector, selectAllergies, selectCartLocked } from '../../machines/checkout.context';
import { AllergenIcon } from '../allergen-icons';
import { t } from '../i18n/i18n';

export function AllergiesField({ fromFilter }: { fromFilter: boolean }) {
  const checkout = useCheckout();
  const allergies = useCheckoutSelector(selectAllergies);
  // What an attempt that may have gone through sends cannot change, as with the note.
  const locked = useCheckoutSelector(selectCartLocked);
  const hintId = useId();
  const toggle = (allergen: Allergen, on: boolean) => {
    // In the contract's order, each once: the same choice always reads the same on the ticket.
    const next = ALLERGENS.filter((candidate) => (candidate === allergen ? on : allergies.includes(candidate)));
    checkout.send({ type: 'checkout.allergies', allergies: next });
  };
  return (
    <fieldset className="checkout-panel__allergies" aria-describedby={hintId} disabled={locked}>
      <legend className="checkout-panel__label">{t('checkout.allergies.legend')}</legend>
      <p id={hintId} className="checkout-panel__hint">
        {t('checkout.allergies.hint')}
        {fromFilter && <> {t('checkout.allergies.fromFilter')}</>}
      </p>
      <ul className="choice-chips">
        {ALLERGENS.map((allergen) => (
          <li key={allergen}>
            <label className="choice-chip">
              <input
                type="checkbox"
                name="allergies"
                value={allergen}
                checked={allergies.includes(allergen)}
                onChange={(event) => toggle(allergen, event.target.checked)}
              />
              <AllergenIcon allergen={allergen} /> {t(`filter.allergen.${allergen}`)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
