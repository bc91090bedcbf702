// Whether the screen after the splash is drawing its first frame: the page load's longest, which lists keep short.
import { createContext, useContext } from 'react';

/**
 * True from the moment the app replaces the splash until the browser has drawn that first frame (the boot screen
 * provides it); false everywhere else, tests rendering the app without a splash included.
 */
export const FirstScreenFrame = createContext(false);

export function useFirstScreenFrame(): boolean {
  return useContext(FirstScreenFrame);
}
