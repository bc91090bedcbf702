// Adding a dish: one cart entry per unit through the cart machine, announced politely for screen readers.
import { useCallback } from 'react';
import type { MenuItem } from '../../api/schemas';
import { CartMachineContext } from '../../machines/cart.context';
import { useAnnounce } from '../feedback/live-announcer';

export function useAddItems() {
  const cart = CartMachineContext.useActorRef();
  const announce = useAnnounce();
  return useCallback(
    (item: MenuItem, quantity: number, note?: string) => {
      const trimmed = note?.trim();
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
    [cart, announce],
  );
}
