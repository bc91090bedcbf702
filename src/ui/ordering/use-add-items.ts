// Adding a dish: one cart entry per unit through the cart machine, or, in add-to-order mode (`/?add_to=`), straight to that order; announced politely.
import { useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { MenuItem } from '../../api/schemas';
import { CartMachineContext } from '../../machines/cart.context';
import { useAnnounce } from '../feedback/live-announcer';
import { useAddToOrder } from './add-to-order';

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
    (item: MenuItem, quantity: number, note?: string) => {
      const trimmed = note?.trim();
      if (addTo !== undefined) {
        addToOrder({ orderID: addTo, item, quantity, ...(trimmed ? { note: trimmed } : {}) });
        return;
      }
      const entry = {
        menu_id: item.id,
        name: item.name,
        price: item.price,
        image: item.image,
        ...(trimmed ? { note: trimmed } : {}),
      };
      cart.send({ type: 'cart.add', items: Array.from({ length: quantity }, () => entry) });
      announce(`Added ${quantity} × ${item.name}`);
    },
    [cart, announce, addTo, addToOrder],
  );
}
