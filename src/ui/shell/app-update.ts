// A new version of the app waiting in the service worker, and whether the guest may be offered it now (never mid-checkout).
import { whenIdleAfterFirstScreen } from '../when-idle';

type Listener = () => void;

const listeners = new Set<Listener>();
let applyUpdate: (() => Promise<void>) | null = null;
let checkoutBusy = false;
let additionsBusy = false;
let started = false;

const notify = () => listeners.forEach((listener) => listener());

export function subscribeToAppUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A new version is installed and waiting, and no order or addition is on its way or queued: the prompt may show. */
export function canOfferUpdate(): boolean {
  return applyUpdate !== null && !checkoutBusy && !additionsBusy;
}

/** Called by the service worker's registration when a new version is waiting; `apply` activates it and reloads. */
export function updateIsReady(apply: () => Promise<void>): void {
  applyUpdate = apply;
  notify();
}

/** The checkout tells while an order is on its way or queued, so no reload is offered under the guest's hands. */
export function setCheckoutBusy(busy: boolean): void {
  if (busy === checkoutBusy) return;
  checkoutBusy = busy;
  notify();
}

/** The outbox tells while an addition is queued or on its way: a reload would forget those not yet sent. */
export function setAdditionsBusy(busy: boolean): void {
  if (busy === additionsBusy) return;
  additionsBusy = busy;
  notify();
}

/** The guest chose Reload: the waiting version takes over and the page reloads once. */
export function reloadToUpdate(): void {
  void applyUpdate?.();
}

/**
 * Registers the service worker in production builds, once the page has loaded and the browser is idle, from a chunk of
 * its own: nothing of it is fetched before the splash, nor competes with the first screen.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () => {
    import('./register-service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker(updateIsReady))
      .catch((error: unknown) => console.warn('The offline copy of the app could not be set up', error));
  };
  const registerWhenIdle = () => whenIdleAfterFirstScreen(register, { timeout: 5000, fallbackMs: 1000 });
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}

/** For tests: back to no update waiting and no checkout or addition under way. */
export function resetAppUpdate(): void {
  applyUpdate = null;
  checkoutBusy = false;
  additionsBusy = false;
  notify();
}
