// The guest's note for the whole order, kept on the device while they fill the cart, like the cart itself.
import * as z from 'zod/mini';
import { LIMITS } from '../../contract/guest';
import { deviceStore } from './device-store';

export const ORDER_NOTE_KEY = 'order_note';

const noteStore = deviceStore(
  ORDER_NOTE_KEY,
  z.pipe(
    z.string(),
    z.transform((note: string) => note.slice(0, LIMITS.orderNoteLength)),
  ),
  {
    storage: 'local',
    format: 'text',
    // Not fatal: the note still goes with this order, it just would not survive a reload.
    writeFailure: 'Could not keep the order note on this device',
  },
);

export function readOrderNote(): string {
  const read = noteStore.read();
  return read.status === 'ok' ? read.value : '';
}

export function saveOrderNote(note: string): void {
  if (note === '') noteStore.remove();
  else noteStore.write(note);
}
