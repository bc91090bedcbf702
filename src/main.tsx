// Entry point: boots the app machine with its real side effects; everything past the splash arrives in other chunks.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fromPromise } from 'xstate';
import { bootLanguage } from './device/language';
import { AppMachineContext } from './machines/app.context';
import { appMachine } from './machines/app.machine';
import { inspect } from './machines/inspect';
import { RESTAURANT_NAME } from './ui/brand';
import { applyBootLanguage, bootMessages } from './ui/i18n/boot-messages';
import { startPlatePlayer } from './ui/loader/plate-player';
import { splashDelay } from './ui/loader/splash-delay';
import { preloadable } from './ui/preloadable';
import { watchAssetFailures } from './ui/shell/asset-recovery';
import { BootErrorBoundary } from './ui/shell/boot-error-boundary';
import { BootScreen } from './ui/shell/boot-screen';
import './ui/styles/global.css';

// From the first chunk on, so a screen whose styles failed to download can have them loaded again on its retry.
watchAssetFailures();

const shell = preloadable(() => import('./shell').then((module) => module.Shell));

const bootMachine = appMachine.provide({
  delays: { splash: () => splashDelay() },
  guards: {
    // Read before the router exists (it arrives with the shell): the console's routes all live under /staff.
    opensConsole: () => /^\/staff(\/|$)/.test(window.location.pathname),
    splashSpent: () => splashDelay() === 0,
  },
  actors: {
    restoreCache: fromPromise(async ({ signal }) => {
      const { restoreApiCache } = await import('./api/query-client');
      await restoreApiCache(signal);
    }),
    // The guest's catalog (its own chunk) arrives beside the shell: the screen after the splash is in their language.
    // The splash's player is not needed to order: its chunk follows the first screen's code, or the warm-up's end
    // whatever its outcome (the still picture shows until then).
    warmUp: fromPromise(async () => {
      try {
        const [{ warmUp }] = await Promise.all([
          import('./shell'),
          shell.preload(),
          import('./ui/i18n/i18n').then(({ activateLanguage }) => activateLanguage(language)),
        ]);
        await warmUp({ firstScreenCodeLoaded: startPlatePlayer });
      } finally {
        startPlatePlayer();
      }
    }),
  },
});

// Remembered on this device, else the browser's; the page's lang and dir follow it from the first paint.
const language = bootLanguage();
applyBootLanguage(language);

// The restaurant's name is configurable (VITE_RESTAURANT_NAME), so the title comes from the same place as the header's.
document.title = `${RESTAURANT_NAME} · ${bootMessages(language).tagline}`;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BootErrorBoundary>
      <AppMachineContext.Provider logic={bootMachine} options={{ inspect }}>
        <BootScreen app={<shell.Component />} />
      </AppMachineContext.Provider>
    </BootErrorBoundary>
  </StrictMode>,
);
