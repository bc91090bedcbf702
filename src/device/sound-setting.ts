// Whether this tablet's console plays its sounds (new ticket, add-on, waiter call): a cook's choice, kept on the device.
import * as z from 'zod/mini';
import { deviceStore } from './device-store';

const mutedStore = deviceStore('staff_muted', z.boolean(), {
  storage: 'local',
  // Not fatal: the switch still applies until the page reloads.
  writeFailure: 'Could not keep the sound setting on this device',
});

export function readMuted(): boolean {
  const read = mutedStore.read();
  return read.status === 'ok' && read.value;
}

export function saveMuted(muted: boolean): void {
  mutedStore.write(muted);
}
