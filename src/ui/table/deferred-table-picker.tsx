// The table picker in its own chunk: the header and the POS's table prompt open it on a tap, long after the first screen.
import { withLaterMessages } from '../i18n/i18n';
import { preloadable } from '../preloadable';

const picker = preloadable(withLaterMessages(() => import('./table-picker').then((module) => module.TablePicker)));

/** Render inside a Suspense boundary: it may suspend until its chunk is in. */
export const DeferredTablePicker = picker.Component;
export const preloadTablePicker = picker.preload;
