// A dish's details over the menu (`menu_id` in the URL): picture, description, tags, preparation time, a note, a quantity and Add.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { describeApiError } from '../feedback/error-text';
import { menuQueriesKey, menuQuery } from '../../api/queries';
import { LIMITS, type Allergen, type MenuItem } from '../../../contract/guest';
import { fromCents } from '../../domain/money';
import { unitPriceWithChoices } from '../../domain/price';
import { AllergenIcons } from '../allergen-icons';
import { Dialog } from '../dialog';
import { DishImage } from '../dish-image';
import { formatBackAt, formatMoney, formatNumber } from '../format';
import { useAddToOrderProblem } from '../ordering/add-to-order';
import { useAddItems, useAddToOrderId } from '../ordering/use-add-items';
import { allergensText } from './dish-facts';
import { DishOptions, missingGroups, missingText, pickedChoices, type Picks } from './dish-options';
import { DishTags } from './dish-tags';
import { QuantityStepper } from './quantity-stepper';
import './dish-dialog.css';
import { t } from '../i18n/i18n';

interface DishDialogProps {
  menuId: number;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null | undefined;
  /** The allergens the guest's filter hides: choices holding one cannot be picked. */
  hide?: readonly Allergen[];
}

const TITLE_ID = 'dish-dialog-title';

/** The dish as a list already on screen has it, so the dialog opens complete while the provider confirms it. */
function fromCachedLists(queryClient: QueryClient, menuId: number): MenuItem[] | undefined {
  for (const [, items] of queryClient.getQueriesData<MenuItem[]>({ queryKey: menuQueriesKey })) {
    const found = items?.find((item) => item.id === menuId);
    if (found) return [found];
  }
  return undefined;
}

function prepText(minutes: number): string {
  return minutes === 0 ? t('dish.servedStraight') : t('dish.readyIn', { minutes });
}

export function DishDialog({ menuId, onClose, returnFocusTo, hide = [] }: DishDialogProps) {
  const queryClient = useQueryClient();
  const dish = useQuery({
    ...menuQuery({ menu_id: menuId }),
    select: (items) => items[0] ?? null,
    placeholderData: () => fromCachedLists(queryClient, menuId),
  });
  const item = dish.data ?? null;
  const missing =
    (dish.isError && dish.error instanceof ApiError && dish.error.status === 404) || (dish.isSuccess && item === null);

  let title: string;
  if (item) title = item.name;
  else if (missing) title = t('dish.notFound');
  else if (dish.isError) title = t('dish.loadFailed');
  else title = t('dish.loading');

  return (
    <Dialog
      labelledBy={TITLE_ID}
      onClose={onClose}
      testId="menu-item-dialog"
      className="dish-dialog"
      returnFocusTo={returnFocusTo}
    >
      <button type="button" className="dish-dialog__close" onClick={onClose}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('common.close')}</span>
      </button>
      <div
        className={item || dish.isPending ? 'dish-dialog__layout' : 'dish-dialog__layout dish-dialog__layout--message'}
      >
        {item ? (
          <DishImage src={item.image} width={320} height={240} className="dish-dialog__image" eager />
        ) : dish.isPending ? (
          <div className="skeleton dish-dialog__image dish-dialog__image--loading" aria-hidden="true" />
        ) : null}
        <div className="dish-dialog__details">
          {/* One heading in every state, so focus given to it on opening stays put while the dish loads. */}
          <h2 id={TITLE_ID} className="dialog__title dish-dialog__title" tabIndex={-1} data-autofocus>
            {title}
          </h2>
          {item ? (
            <DishDetails key={item.id} item={item} hide={hide} onAdded={onClose} onCancel={onClose} />
          ) : missing ? (
            <>
              <p className="dish-dialog__message">{t('dish.takenOff')}</p>
              <div className="dialog__actions">
                <button type="button" className="button button--primary" onClick={onClose}>
                  {t('dish.backToMenu')}
                </button>
              </div>
            </>
          ) : dish.isError ? (
            <div role="alert" className="dish-dialog__error">
              <p className="dish-dialog__message">{describeApiError(dish.error)}</p>
              <div className="dialog__actions">
                <button type="button" className="button button--secondary" onClick={onClose}>
                  {t('common.close')}
                </button>
                <button type="button" className="button button--primary" onClick={() => void dish.refetch()}>
                  {t('common.retry')}
                </button>
              </div>
            </div>
          ) : (
            <div className="dish-dialog__loading" aria-hidden="true">
              <span className="skeleton dish-dialog__line" />
              <span className="skeleton dish-dialog__line dish-dialog__line--short" />
            </div>
          )}
        </div>
      </div>
    </Dialog>
  );
}

function DishDetails({
  item,
  hide,
  onAdded,
  onCancel,
}: {
  item: MenuItem;
  hide: readonly Allergen[];
  onAdded: () => void;
  onCancel: () => void;
}) {
  const addItems = useAddItems();
  const addToOrderId = useAddToOrderId();
  const addingToOrder = addToOrderId !== undefined;
  const orderProblem = useAddToOrderProblem(addToOrderId);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [picks, setPicks] = useState<Picks>({});
  const groups = item.options ?? [];
  const missing = missingGroups(groups, picks);
  const chosen = pickedChoices(groups, picks);
  // In cents, so a running price of several extras shows no float noise.
  const price = fromCents(unitPriceWithChoices(item.price, chosen));

  return (
    <>
      <p className="dish-dialog__facts">
        <span className="dish-dialog__price">{formatMoney(price)}</span>
        <span aria-hidden="true"> · </span>
        <span>{prepText(item.prep_minutes)}</span>
      </p>
      <DishTags tags={item.tags} />
      {item.description && <p className="dish-dialog__description">{item.description}</p>}
      {/* A v1 provider says nothing of allergens: then nothing is shown, rather than a warning on every dish. */}
      {item.allergens !== undefined && (
        <p className="dish-options__allergens" data-testid="dish-allergens">
          <AllergenIcons allergens={item.allergens} />
          {allergensText(item.allergens)}
        </p>
      )}
      {item.available ? (
        <form
          className="dish-dialog__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (orderProblem || missing.length > 0) return;
            addItems(item, quantity, note, chosen);
            onAdded();
          }}
        >
          {groups.length > 0 && (
            <DishOptions
              groups={groups}
              picks={picks}
              hide={hide}
              onChange={(groupId, ids) => setPicks((current) => ({ ...current, [groupId]: ids }))}
            />
          )}
          <div className="dish-dialog__note">
            <label htmlFor="dish-note">{t('dish.note')}</label>
            <textarea
              id="dish-note"
              rows={2}
              maxLength={LIMITS.lineNoteLength}
              placeholder={t('dish.notePlaceholder')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              aria-describedby="dish-note-count"
            />
            <span id="dish-note-count" className="dish-dialog__count">
              {t('dish.noteCount', { length: formatNumber(note.length), max: formatNumber(LIMITS.lineNoteLength) })}
            </span>
          </div>
          <QuantityStepper value={quantity} onChange={setQuantity} min={1} max={LIMITS.quantityPerLine} />
          {orderProblem && (
            <p id="dish-order-problem" className="dish-dialog__sold-out">
              {orderProblem}
            </p>
          )}
          {missing.length > 0 && (
            <p id="dish-missing" className="dish-options__missing" role="status">
              {missingText(missing, hide)}
            </p>
          )}
          <div className="dialog__actions dish-dialog__actions">
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              data-testid="add-to-cart"
              disabled={missing.length > 0}
              aria-disabled={orderProblem ? true : undefined}
              aria-describedby={
                [orderProblem ? 'dish-order-problem' : '', missing.length > 0 ? 'dish-missing' : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            >
              {t(addingToOrder ? 'dish.addToOrder' : 'dish.addToCart', {
                quantity: formatNumber(quantity),
                price: formatMoney(price * quantity),
              })}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="dish-dialog__sold-out">
            {item.available_again_at
              ? t('dish.backAt', { time: formatBackAt(item.available_again_at) })
              : t('dish.soldOutNow')}
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('dish.backToMenu')}
            </button>
          </div>
        </>
      )}
    </>
  );
}
