// The start-up splash: the loader picture, exactly where index.html painted its static copy.
import { PlateLoader } from '../loader/plate-loader';

export function SplashScreen() {
  return (
    <div className="splash" data-testid="splash" role="status">
      <PlateLoader />
      <span className="visually-hidden">Preparing the menu…</span>
    </div>
  );
}
