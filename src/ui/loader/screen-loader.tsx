// The full-height loader shown while an on-demand screen loads.
import { PlateLoader } from './plate-loader';
import { t } from '../i18n/i18n';

export function ScreenLoader({ label = t('common.loading') }: { label?: string }) {
  return (
    <div className="screen-loader" data-testid="screen-loader" role="status">
      <PlateLoader startPlayer />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
