// Runs the app's outbox above the router, so an addition goes whichever screen is open; its code loads on first use.
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { inspect } from '../../machines/inspect';
import { OutboxContext, type OutboxActor, type OutboxAccess } from '../../machines/outbox.context';
import type { OutboxEmitted, OutboxEvent, OutboxInput, outboxMachine } from '../../machines/outbox.machine';

export interface OutboxProviderProps {
  /** The outbox's logic with its effects (`GuestRoot.loadOutbox`). */
  load: () => Promise<typeof outboxMachine>;
  /** What it starts from, read as it starts (`GuestRoot.outboxInput`). */
  input: () => OutboxInput;
  children: ReactNode;
}

export function OutboxProvider({ load, input, children }: OutboxProviderProps) {
  const [logic, setLogic] = useState<typeof outboxMachine | null>(null);
  const [actor, setActor] = useState<OutboxActor | null>(null);
  const loading = useRef(false);
  // What was sent before the outbox ran: an Add tapped while its code was still on its way.
  const early = useRef<OutboxEvent[]>([]);
  const start = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (loaded) => setLogic(() => loaded),
      () => {
        // Offline as its chunk was wanted (and not cached): the next use fetches it again.
        loading.current = false;
      },
    );
  }, [load]);
  // The running actor for `send`, which must not wait for a redraw to know it has started.
  const running = useRef<OutboxActor | null>(null);
  const send = useCallback(
    (event: OutboxEvent) => {
      if (running.current) return running.current.send(event);
      early.current.push(event);
      start();
    },
    [start],
  );
  const listeners = useRef(new Set<(emitted: OutboxEmitted) => void>());
  const listen = useCallback((listener: (emitted: OutboxEmitted) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  // As it starts, before anything is sent to it: its listeners hear every answer, however late the screens redraw.
  const started = useCallback((outbox: OutboxActor) => {
    const subscription = outbox.on('*', (emitted) => listeners.current.forEach((listener) => listener(emitted)));
    running.current = outbox;
    for (const event of early.current.splice(0)) outbox.send(event);
    setActor(outbox);
    return () => {
      subscription.unsubscribe();
      running.current = null;
      setActor(null);
    };
  }, []);
  const access = useMemo<OutboxAccess>(() => ({ actor, start, send, listen }), [actor, start, send, listen]);
  return (
    <OutboxContext.Provider value={access}>
      {children}
      {logic && <OutboxRunner logic={logic} input={input} onStart={started} />}
    </OutboxContext.Provider>
  );
}

function OutboxRunner({
  logic,
  input,
  onStart,
}: {
  logic: typeof outboxMachine;
  input: () => OutboxInput;
  onStart: (actor: OutboxActor) => () => void;
}) {
  const [startWith] = useState(input);
  const actor = useActorRef(logic, { input: startWith, inspect });
  useEffect(() => onStart(actor), [actor, onStart]);
  return null;
}
