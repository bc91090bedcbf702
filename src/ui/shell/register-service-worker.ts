// Registers the Workbox service worker (vite-plugin-pwa): loaded on its own, after the page and the splash are done.
import { registerSW } from 'virtual:pwa-register';

// How often an open app asks whether a new version was deployed (guests may keep a tab open through a long meal).
const UPDATE_CHECK_MS = 30 * 60 * 1000;

export function registerServiceWorker(onUpdateReady: (apply: () => Promise<void>) => void): void {
  const updateServiceWorker = registerSW({
    immediate: true,
    // The new version waits; the prompt lets the guest choose when to reload.
    onNeedRefresh: () => onUpdateReady(() => updateServiceWorker(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
    // A warning, not an error: the app works as before without it (a browser or policy may refuse service workers).
    onRegisterError: (error: unknown) => console.warn('The offline copy of the app could not be set up', error),
  });
}
