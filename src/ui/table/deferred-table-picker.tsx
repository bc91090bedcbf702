// The table picker in its own chunk: the header and the POS's table prompt open it on a tap, long after the first screen.
import { lazyScreen } from '../lazy-screen';

/** Render inside a Suspense boundary: it may suspend until its chunk is in. */
export const DeferredTablePicker = lazyScreen(() => import('./table-picker'), 'TablePicker');
export const preloadTablePicker = DeferredTablePicker.preload;
