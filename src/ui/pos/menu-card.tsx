// One dish on the menu: picture, name (the way into its details), short description, tags, price and a quick Add.
import { memo, type MouseEvent } from 'react';
import type { MenuItem } from '../../../contract/guest';
import { normalisePrice } from '../../domain/price';
import { AllergenIcons } from '../allergen-icons';
import { DishImage } from '../dish-image';
import { formatBackAt, formatMoney } from '../format';
import { allergensText, needsChoices } from './dish-facts';
import { DishTags } from './dish-tags';
import './menu-card.css';
import { t } from '../i18n/i18n';

export const CARD_IMAGE_SIZE = 96;

interface MenuCardProps {
  item: MenuItem;
  /** Where the name links to: this page with the dish open. */
  href: string;
  /** How many of this dish the cart holds already. */
  inCart: number;
  headingLevel: 3 | 4;
  eagerImage: boolean;
  onOpen: (menuId: number) => void;
  onAdd: (item: MenuItem) => void;
  /** Where Add sends the dish: the cart, or (in add-to-order mode) the order already placed. */
  addsTo: 'cart' | 'order';
  /** Its addition to the order is on its way: Add waits for the answer, so a double tap sends it once. */
  adding?: boolean;
  /** The element that says why Add is off (the order of add-to-order mode takes no more dishes), if it is. */
  closedBy?: string | undefined;
}

/** A plain click opens the dialog in place; modified clicks (new tab, new window) keep the link's own behaviour. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

// Memoised: a long list re-renders only the cards whose dish or cart count changed.
export const MenuCard = memo(function MenuCard({
  item,
  href,
  inCart,
  headingLevel,
  eagerImage,
  onOpen,
  onAdd,
  addsTo,
  adding = false,
  closedBy,
}: MenuCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const soldOut = !item.available;
  // A dish with a required choice cannot be added as it is: its button opens the dialog to choose.
  const choose = needsChoices(item);
  return (
    <article
      className={soldOut ? 'menu-card menu-card--sold-out' : 'menu-card'}
      data-testid="menu-item"
      aria-labelledby={`dish-${item.id}-name`}
    >
      <div className="menu-card__media">
        <DishImage
          src={item.image}
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          className="menu-card__image"
          eager={eagerImage}
        />
        {inCart > 0 && <span className="menu-card__in-cart">{t('card.inCart', { count: inCart })}</span>}
      </div>
      <div className="menu-card__body">
        <Heading className="menu-card__name" id={`dish-${item.id}-name`}>
          <a
            className="menu-card__link"
            href={href}
            data-dish-link={item.id}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onOpen(item.id);
            }}
          >
            {item.name}
          </a>
        </Heading>
        {item.description && <p className="menu-card__description">{item.description}</p>}
        <DishTags tags={item.tags} className="menu-card__tags" />
        {item.allergens !== undefined && (
          <p className="menu-card__allergens">
            <AllergenIcons allergens={item.allergens} />
            {allergensText(item.allergens)}
          </p>
        )}
        <div className="menu-card__footer">
          <span className="menu-card__price">{formatMoney(normalisePrice(item.price))}</span>
          {soldOut ? (
            <span className="menu-card__sold-out">
              {item.available_again_at
                ? t('card.backAt', { time: formatBackAt(item.available_again_at) })
                : t('card.soldOut')}
            </span>
          ) : (
            <button
              type="button"
              className="menu-card__add"
              data-testid="add-to-cart"
              aria-label={
                choose
                  ? t('card.chooseFor', { name: item.name })
                  : t(addsTo === 'order' ? 'card.addToOrder' : 'card.addToCart', { name: item.name })
              }
              aria-haspopup={choose ? 'dialog' : undefined}
              // aria-disabled rather than disabled: a keyboard user's focus stays on the button while it waits.
              aria-disabled={(!choose && adding) || closedBy !== undefined || undefined}
              aria-describedby={closedBy}
              onClick={() => {
                if (closedBy !== undefined) return;
                if (choose) onOpen(item.id);
                else if (!adding) onAdd(item);
              }}
            >
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
              {t(choose ? 'card.choose' : adding ? 'card.adding' : 'card.add')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
});
