// The guest's note for the whole order, kept on the device while they fill the cart, like the cart itself.
import { LIMITS } from '../api/schemas';

export const ORDER_NOTE_KEY = 'order_note';

export function readOrderNote(): string {
  try {
    return (localStorage.getItem(ORDER_NOTE_KEY) ?? '').slice(0, LIMITS.orderNoteLength);
  } catch {
    return '';
  }
}

export function saveOrderNote(note: string): void {
  try {
    if (note === '') localStorage.removeItem(ORDER_NOTE_KEY);
    else localStorage.setItem(ORDER_NOTE_KEY, note);
  } catch (error) {
    // Not fatal: the note still goes with this order, it just would not survive a reload.
    console.error('Could not keep the order note on this device', error);
  }
}
