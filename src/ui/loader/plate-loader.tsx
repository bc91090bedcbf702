// The loader picture: the still frame at once, the animation once its chunk arrives, and only the still with reduced motion.
import { Suspense } from 'react';
import { preloadable } from '../preloadable';
import { useReducedMotion } from '../use-reduced-motion';
import stillUrl from './plate-still.svg';
import './plate-loader.css';

export const plateAnimation = preloadable(() => import('./plate-animation').then((module) => module.default));

function Still() {
  return <img className="plate-loader__art" src={stillUrl} alt="" width={250} height={350} />;
}

export function PlateLoader() {
  const reducedMotion = useReducedMotion();
  return (
    <div className="plate-loader">
      {reducedMotion ? (
        <Still />
      ) : (
        <Suspense fallback={<Still />}>
          <plateAnimation.Component />
        </Suspense>
      )}
    </div>
  );
}
