// The full-height loader shown while an on-demand screen loads.
import { PlateLoader } from './plate-loader';

export function ScreenLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="screen-loader" data-testid="screen-loader" role="status">
      <PlateLoader />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
