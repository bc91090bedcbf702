// One cart line: the dish, its note and prices, one fewer / one more, and Remove; marked when the provider refused it.
import { useId } from 'react';
import type { CartLine } from '../../domain/cart-lines';
import { DishImage } from '../dish-image';
import { formatMoney } from '../format';
import { t } from '../i18n/i18n';
import { lineRefusalText } from '../feedback/line-refusal-text';

interface CartLineItemProps {
  line: CartLine;
  /** An order is on its way, or may have gone through: what it sends must stay what the guest saw. */
  locked: boolean;
  /** The provider's reason when it refused this line. */
  problem: string | undefined;
  /** The dish went sold out after it was added (the menu says so now): the order cannot go with it. */
  unavailable?: boolean;
  /** The line holds an allergen the guest filters out (or its allergens are not declared): a warning, not a block. */
  allergenWarning?: string | undefined;
  onIncrement: () => void;
  onDecrement: () => void;
  onRemove: () => void;
}

export function CartLineItem({
  line,
  locked,
  problem,
  unavailable = false,
  allergenWarning,
  onIncrement,
  onDecrement,
  onRemove,
}: CartLineItemProps) {
  const problemId = useId();
  const allergenId = useId();
  // Two lines of the same dish differ by their note, so the note is part of every control's name.
  // Choices too: a large pizza and a regular one are two lines.
  const choices = line.choices.map((choice) => choice.name).join(', ');
  const details = [choices, line.note].filter(Boolean).join('; ');
  const label = details ? `${line.name} (${details})` : line.name;
  const cannotDecrement = locked || line.quantity <= 1;
  // The provider refused this line (sold out, say): more of it would be refused too.
  const cannotIncrement = locked || problem !== undefined || unavailable;
  const flagged = problem !== undefined || unavailable;

  return (
    <li
      className={`cart-line${flagged ? ' cart-line--rejected' : ''}`}
      data-testid="cart-line"
      aria-describedby={[flagged && problemId, allergenWarning && allergenId].filter(Boolean).join(' ') || undefined}
    >
      <DishImage src={line.image} width={72} height={72} className="cart-line__image" />
      <div className="cart-line__body">
        <h2 className="cart-line__name">{line.name}</h2>
        {choices && (
          <p className="cart-line__note" data-testid="line-choices">
            {choices}
          </p>
        )}
        {line.note && <p className="cart-line__note">“{line.note}”</p>}
        <p className="cart-line__unit">{t('line.each', { price: formatMoney(line.unitPrice) })}</p>
        {allergenWarning && (
          <p id={allergenId} className="cart-line__allergens" data-testid="line-allergens">
            <span aria-hidden="true">⚠ </span>
            {allergenWarning}
          </p>
        )}
        {problem ? (
          <p id={problemId} className="cart-line__problem">
            <span aria-hidden="true">⚠ </span>
            {t('line.notAccepted', { problem: lineRefusalText(problem) })}
          </p>
        ) : (
          unavailable && (
            <p id={problemId} className="cart-line__problem" data-testid="line-unavailable">
              <span aria-hidden="true">⚠ </span>
              {t('line.unavailable')}
            </p>
          )
        )}
      </div>
      <div className="cart-line__controls">
        <div className="cart-stepper" role="group" aria-label={t('line.quantityOf', { label })}>
          <button
            type="button"
            className="cart-stepper__button"
            data-testid="line-decrement"
            aria-label={t('line.fewer', { label })}
            aria-disabled={cannotDecrement}
            onClick={onDecrement}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span className="cart-stepper__count" data-testid="line-quantity">
            {line.quantity}
          </span>
          <button
            type="button"
            className="cart-stepper__button"
            data-testid="line-increment"
            aria-label={t('line.more', { label })}
            aria-disabled={cannotIncrement}
            onClick={() => {
              if (!cannotIncrement) onIncrement();
            }}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <p className="cart-line__total" data-testid="line-total">
          {formatMoney(line.total)}
        </p>
        <button
          type="button"
          className="link-button cart-line__remove"
          data-testid="line-remove"
          aria-label={t('line.removeLabel', { label })}
          aria-disabled={locked}
          onClick={onRemove}
        >
          {t('line.remove')}
        </button>
      </div>
    </li>
  );
}
