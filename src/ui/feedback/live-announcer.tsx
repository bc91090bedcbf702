// One polite live region for the app: screens announce what happened ("Added 2 × Margherita") without moving focus.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(message: string) => void>(() => {});

export function LiveAnnouncer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState({ text: '', id: 0 });
  // A new id remounts the text, so the same message said twice is announced twice.
  const announce = useCallback((text: string) => setMessage((previous) => ({ text, id: previous.id + 1 })), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="live-region">
        <span key={message.id}>{message.text}</span>
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
