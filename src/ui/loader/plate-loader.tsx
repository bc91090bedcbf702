// The loader picture: the still frame until the Lottie player has arrived, then the animation; only the still with reduced motion.
import { useEffect } from 'react';
import { useReducedMotion } from '../use-reduced-motion';
import { plateAnimation, startPlatePlayer, usePlatePlayerLoaded } from './plate-player';
import stillUrl from './plate-still.svg';
import './plate-loader.css';

function Still() {
  return <img className="plate-loader__art" src={stillUrl} alt="" width={250} height={350} />;
}

/**
 * `startPlayer`: fetch the player if it has not come yet. The splash leaves that to the boot, which starts it only once
 * the first screen's own code has been requested, so the player never competes with it.
 */
export function PlateLoader({ startPlayer = false }: { startPlayer?: boolean }) {
  const reducedMotion = useReducedMotion();
  const loaded = usePlatePlayerLoaded();
  useEffect(() => {
    if (startPlayer) startPlatePlayer();
  }, [startPlayer, reducedMotion]);
  return <div className="plate-loader">{reducedMotion || !loaded ? <Still /> : <plateAnimation.Component />}</div>;
}
