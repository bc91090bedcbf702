// Adding a dish: one cart entry per unit through the cart machine, or, in add-to-order mode (`/?add_to=`), straight to that order; announced politely.
import { useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Choice, MenuItem } from '../../../contract/guest';
import { CartMachineContext } from '../../machines/cart.context';
import { fromCents } from '../../domain/money';
import { unitPriceWithChoices } from '../../domain/price';
import { useAnnounce } from '../feedback/live-announcer';
import { useAddToOrder } from './add-to-order';
import { formatNumber } from '../format';
import { t } from '../i18n/i18n';

/** The order being added to, when the menu is in add-to-order mode. */
export function useAddToOrderId(): string | undefined {
  return useSearch({ strict: false, select: (search) => search.add_to });
}

export function useAddItems() {
  const cart = CartMachineContext.useActorRef();
  const announce = useAnnounce();
  const addTo = useAddToOrderId();
  const addToOrder = useAddToOrder();
  return useCallback(
    (item: MenuItem, quantity: number, note?: string, choices: readonly Choice[] = []) => {
      const trimmed = note?.trim();
      const choiceIds = choices.map((choice) => choice.id);
      if (addTo !== undefined) {
        addToOrder({
          orderID: addTo,
          item,
          quantity,
          ...(trimmed ? { note: trimmed } : {}),
          ...(choiceIds.length > 0 ? { choices: choiceIds } : {}),
        });
        return;
      }
      // With choices, the entry's price is the unit price including them (contract "Dish options"), in cents so
      // the sum has no float noise; without, the dish's price stays exactly as the provider sent it.
      const price = choices.length === 0 ? item.price : fromCents(unitPriceWithChoices(item.price, choices));
      const entry = {
        menu_id: item.id,
        name: item.name,
        price,
        image: item.image,
        ...(trimmed ? { note: trimmed } : {}),
        ...(choices.length > 0
          ? { choices: choices.map(({ id, name, price: extra }) => ({ id, name, price: extra })) }
          : {}),
      };
      cart.send({ type: 'cart.add', items: Array.from({ length: quantity }, () => entry) });
      announce(t('announce.added', { quantity: formatNumber(quantity), name: item.name }));
    },
    [cart, announce, addTo, addToOrder],
  );
}
