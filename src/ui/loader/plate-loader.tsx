// The loader picture: the still frame until the Lottie player has arrived, then the animation; only the still with reduced motion.
import { useEffect } from 'react';
import { useReducedMotion } from '../use-reduced-motion';
import { plateAnimation, startPlatePlayer, usePlatePlayerLoaded } from './plate-player';
import './plate-loader.css';

/**
 * The still frame is the picture index.html paints before any script (vite.config.ts writes plate-still.svg into it):
 * taken from the page rather than shipped a second time in the boot's script. A page without it (a component test)
 * keeps the frame's place, empty.
 */
const pagePicture = () =>
  document.querySelector<HTMLImageElement>('#boot-splash img')?.getAttribute('src') ?? undefined;

function Still() {
  const src = pagePicture();
  return src ? (
    <img className="plate-loader__art" src={src} alt="" width={250} height={350} />
  ) : (
    <span className="plate-loader__art" />
  );
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
