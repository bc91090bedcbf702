// The start-up splash: the loader picture, exactly where index.html painted its static copy.
import { RESTAURANT_NAME } from '../brand';
import { bootMessages } from '../i18n/boot-messages';
import { PlateLoader } from '../loader/plate-loader';

export function SplashScreen() {
  return (
    <main className="splash" data-testid="splash">
      <h1 className="visually-hidden">{RESTAURANT_NAME}</h1>
      <div role="status">
        <PlateLoader />
        <span className="visually-hidden">{bootMessages().preparing}</span>
      </div>
    </main>
  );
}
