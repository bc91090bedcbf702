// The looping Lottie plate, fork and knife; its own chunk, so the player's bytes stay off the entry.
import { LottieLight } from 'lottie-react';
import animation from './plate-loader.json';

export default function PlateAnimation() {
  return <LottieLight src={animation} loop autoplay className="plate-loader__art" aria-hidden="true" />;
}
