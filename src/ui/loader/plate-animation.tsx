// The looping plate, fork and knife: an SVG that animates itself with CSS (scripts/author-plate-loader.ts), so the
// browser draws its frames and no script runs while it plays. Its own chunk, as the still frame covers the first paint.
import animation from './plate-animation.svg?raw';

export default function PlateAnimation() {
  return (
    <div
      className="plate-loader__art"
      aria-hidden="true"
      data-testid="plate-animation"
      // A file of this repository, written by the authoring script: markup the app owns, not anyone's input.
      dangerouslySetInnerHTML={{ __html: animation }}
    />
  );
}
