// Runs the guests' live stream (`events`) around the guests' screens only: the console has its own (`staff/events`).
import { createContext, useContext, type ReactNode } from 'react';
import { inspect } from '../../machines/inspect';
import { LiveMachineContext } from '../../machines/live.context';
import type { liveMachine } from '../../machines/live.machine';

/** The live machine the app runs for guests (the real one, or a test's), handed down from the app's providers. */
export const GuestLiveLogic = createContext<typeof liveMachine | null>(null);

/**
 * Starts the stream when a guest screen first shows and stops it when the tab moves to the console, so a console tab
 * holds no guest stream (the provider counts every stream against `PROVIDER_LIVE_MAX_STREAMS`).
 */
export function GuestLive({ children }: { children: ReactNode }) {
  const logic = useContext(GuestLiveLogic);
  if (!logic) throw new Error('GuestLive needs the app providers');
  return (
    <LiveMachineContext.Provider logic={logic} options={{ inspect }}>
      {children}
    </LiveMachineContext.Provider>
  );
}
