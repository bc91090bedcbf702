// What shows during each phase of the app machine: nothing (the static picture), the splash for guests, then the app.
import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { AppMachineContext, selectPhase } from '../../machines/app.context';
import { FirstScreenFrame } from '../first-screen';
import { afterNextPaint } from '../when-idle';
import { SplashScreen } from './splash-screen';

export function BootScreen({ app }: { app: ReactNode }) {
  // The machine's phase arrives through useSyncExternalStore, which always renders in one go; deferring it lets React
  // mount the whole app after the splash in small, interruptible slices instead of one long main-thread task.
  const phase = useDeferredValue(AppMachineContext.useSelector(selectPhase));
  // The app's first frame lays out the whole screen at once; what can wait a frame (most of a list) waits for this,
  // and is then rendered as a transition too, in slices.
  const [firstFrameDrawn, setFirstFrameDrawn] = useState(false);
  useEffect(
    () => (phase === 'ready' ? afterNextPaint(() => startTransition(() => setFirstFrameDrawn(true))) : undefined),
    [phase],
  );
  switch (phase) {
    case 'rehydrating':
    case 'opening':
    case 'catchingUp':
      // Nothing of React's while the cache is restored, the console's code loads, or the guest has watched the splash's
      // 3 s on index.html's static picture already: it stays up until the app replaces it.
      return null;
    case 'splash':
      return <SplashScreen />;
    case 'ready':
      return <FirstScreenFrame.Provider value={!firstFrameDrawn}>{app}</FirstScreenFrame.Provider>;
  }
}
