// Runs the guests' live stream (`events`) around the guests' screens only: the console has its own (`staff/events`).
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { inspect } from '../../machines/inspect';
import type { liveMachine } from '../../machines/live.machine';
import { whenIdleAfterFirstScreen } from '../when-idle';

export type LiveActor = ActorRefFrom<typeof liveMachine>;

/**
 * Where the app's providers get the live machine they run (the real one streaming into the app's cache, or a test's):
 * a load, since the machine and its cache writer are in a chunk of their own that the first tap does not wait for.
 */
export const GuestLiveLogic = createContext<(() => Promise<typeof liveMachine>) | null>(null);

/** The running stream, for a screen that asks it to follow an order; null until its code is in. */
export const GuestLiveActor = createContext<LiveActor | null>(null);

/**
 * Starts the stream once the first screen is up and the browser idle (on a slow line its code would otherwise share the
 * line with the menu's), and stops it when the tab moves to the console, so a console tab holds no guest stream (the
 * provider counts every stream against `PROVIDER_LIVE_MAX_STREAMS`). What it brings is fetched again on connecting.
 */
export function GuestLive({ children }: { children: ReactNode }) {
  const load = useContext(GuestLiveLogic);
  if (!load) throw new Error('GuestLive needs the app providers');
  const [logic, setLogic] = useState<typeof liveMachine | null>(null);
  const [actor, setActor] = useState<LiveActor | null>(null);
  useEffect(() => {
    let active = true;
    let cancel = () => {};
    const start = () => {
      cancel = whenIdleAfterFirstScreen(() => {
        load().then(
          (loaded) => {
            if (active) setLogic(() => loaded);
          },
          () => {
            // Offline as its chunk was wanted: tried again once the browser is back online.
            if (active) window.addEventListener('online', start, { once: true });
          },
        );
      });
    };
    start();
    return () => {
      active = false;
      cancel();
      window.removeEventListener('online', start);
    };
  }, [load]);
  return (
    <GuestLiveActor.Provider value={actor}>
      {children}
      {logic && <LiveRunner logic={logic} onStart={setActor} />}
    </GuestLiveActor.Provider>
  );
}

function LiveRunner({ logic, onStart }: { logic: typeof liveMachine; onStart: (actor: LiveActor | null) => void }) {
  const actor = useActorRef(logic, { inspect });
  useEffect(() => {
    onStart(actor);
    return () => onStart(null);
  }, [actor, onStart]);
  return null;
}
