// The looping plate, fork and knife played by lottie-react with lottie-web's light, SVG-only player; its own chunk,
// fetched once the first screen's code is on its way, as the still frame covers the first paint.
import { LottieLight, type LottieHandle } from 'lottie-react';
import { useRef } from 'react';
import animation from './plate-loader.json';

export default function PlateAnimation() {
  const lottie = useRef<LottieHandle>(null);
  return (
    <LottieLight
      lottieRef={lottie}
      src={animation}
      loop
      autoplay
      // lottie-web draws on every display frame by default, interpolating between the file's 25 frames a second; on a
      // throttled phone those extra SVG updates were most of the splash's main-thread time. Drawn at the file's own
      // 25 frames a second, the motion is the same.
      subscriptions={{ ready: () => lottie.current?.animationItem?.setSubframe(false) }}
      className="plate-loader__art"
      aria-hidden="true"
      data-testid="plate-animation"
    />
  );
}
