// The first name this guest gave for the table's bill (localStorage.guest_name), asked once: `null` means skipped.
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { guestNameSchema } from '../../contract/orders';
import { deviceStore } from './device-store';
import { tableKeyFor } from './device-table';
import { seatingStateFor } from './table-seating';

export const GUEST_NAME_KEY = 'guest_name';

export const guestNameStore = deviceStore(GUEST_NAME_KEY, z.object({ name: z.nullable(guestNameSchema) }), {
  storage: 'local',
  // Not fatal: the guest is asked again next time, and orders go without a name meanwhile.
  writeFailure: 'Could not remember your name on this device',
});

export type GuestNameState = { asked: false } | { asked: true; name: string | null };

const NOT_ASKED: GuestNameState = { asked: false };
// The store answers the same object while the stored text is unchanged; so does this, for useSyncExternalStore.
let last: { read: object; state: GuestNameState } | undefined;

export function readGuestName(): GuestNameState {
  const read = guestNameStore.read();
  if (read.status !== 'ok') return NOT_ASKED;
  if (last?.read !== read) last = { read, state: { asked: true, name: read.value.name } };
  return last.state;
}

const listeners = new Set<() => void>();

/** Keeps the name (trimmed), or `null` when the guest skipped the question. */
export function saveGuestName(name: string | null): void {
  const trimmed = name?.trim() ?? '';
  guestNameStore.write({ name: trimmed === '' ? null : trimmed });
  for (const listener of listeners) listener();
}

function watch(onChange: () => void): () => void {
  listeners.add(onChange);
  const stopOtherTabs = guestNameStore.watch(onChange);
  return () => {
    listeners.delete(onChange);
    stopOtherTabs();
  };
}

export function useGuestName(): GuestNameState {
  return useSyncExternalStore(watch, readGuestName, () => NOT_ASKED);
}

/**
 * The name to send with an order for this table: with the seating's key a scan joined (contract v1.2: a name on the
 * table's bill needs it), or to a provider without seatings that has table keys (v1.1), which the device knows by
 * holding this table's key from its QR code; a v1 provider is never sent a field it does not know.
 */
export function guestNameToSend(tableId: number): string | undefined {
  const state = readGuestName();
  if (!state.asked || state.name === null) return undefined;
  const seating = seatingStateFor(tableId);
  const allowed =
    seating?.status === 'joined' || (seating?.status === 'unsupported' && tableKeyFor(tableId) !== undefined);
  return allowed ? state.name : undefined;
}
