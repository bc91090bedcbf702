// A full-width bar while the board cannot reach the provider, a sound once that lasts, and a word when it is back.
import { useEffect, useState } from 'react';
import { playSound } from './chime';

/** How long the provider may be out of reach before the board sounds. */
export const connectionAlarm = { ms: 10_000 };
/** How long "back" stays on screen. */
const BACK_SHOWN_MS = 5000;

export function ConnectionBar({ failing, muted, hasData }: { failing: boolean; muted: boolean; hasData: boolean }) {
  const [back, setBack] = useState(false);
  // Adjusted while rendering (React's pattern for state that follows a prop): failing → not failing is "back".
  const [wasFailing, setWasFailing] = useState(failing);
  if (failing !== wasFailing) {
    setWasFailing(failing);
    setBack(!failing);
  }

  useEffect(() => {
    if (!failing) return;
    const timer = setTimeout(() => {
      if (!muted) playSound('lost');
    }, connectionAlarm.ms);
    return () => clearTimeout(timer);
  }, [failing, muted]);

  useEffect(() => {
    if (!back) return;
    const timer = setTimeout(() => setBack(false), BACK_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [back]);

  // Both regions stay in the page so screen readers hear the change, not a region appearing.
  return (
    <>
      <div role="alert" className={failing ? 'connection-bar connection-bar--lost' : 'visually-hidden'}>
        {failing &&
          `Connection to the provider lost. ${hasData ? 'These tickets may be out of date; ' : ''}retrying every few seconds.`}
      </div>
      <div role="status" className={back ? 'connection-bar connection-bar--back' : 'visually-hidden'}>
        {back && 'Connection back: the tickets are current.'}
      </div>
    </>
  );
}
