// What the guest sees during each phase of the app machine: nothing, the splash, then the app itself.
import type { ReactNode } from 'react';
import { AppMachineContext, selectPhase } from '../../machines/app.context';
import { SplashScreen } from './splash-screen';

export function BootScreen({ app }: { app: ReactNode }) {
  const phase = AppMachineContext.useSelector(selectPhase);
  switch (phase) {
    case 'rehydrating':
      // Nothing of React's while the cache is restored; index.html's static picture stays up meanwhile.
      return null;
    case 'splash':
      return <SplashScreen />;
    case 'ready':
      return app;
  }
}
