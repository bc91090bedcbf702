// The frame around every path: skip link, header with the table and the cart badge, navigation progress, offline, new-version, order-placed and add-to-order banners, live region, and the page.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LiveAnnouncer } from '../feedback/live-announcer';
import { OfflineBanner } from '../feedback/offline-banner';
// The shell's styles before any screen's: a screen's rules of equal weight override them, as when they came with the entry.
import '../styles/shell.css';
import '../feedback/feedback.css';
import { AdditionAnnouncer } from '../ordering/add-to-order';
import { DeferredAddToOrderBanner } from '../ordering/deferred-add-to-order-banner';
import { CurrentTable } from '../table/current-table';
import { CartBadge } from './cart-badge';
import { CartProblem } from './cart-problem';
import { NavProgress } from './nav-progress';
import { LanguageSwitch } from './language-switch';
import { useLingui } from '@lingui/react';
import { t } from '../i18n/i18n';
import { UpdatePrompt } from './update-prompt';
import { formatsKey, useRestaurant } from '../restaurant/restaurant';
import { PlacedOrderNotice } from './placed-order-notice';

export function AppLayout({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const restaurant = useRestaurant();
  return (
    <LiveAnnouncer>
      <AdditionAnnouncer />
      <div className="app-layout">
        <a className="skip-link" href="#main">
          {t('shell.skip')}
        </a>
        <NavProgress />
        <header className="app-header">
          {/* Home is the plain menu: it leaves add-to-order mode, which the POS route otherwise keeps on every link. */}
          {/* dir="auto": the name takes its own direction, so a Latin name in Arabic is cut at its end, not its start. */}
          <Link to="/" search={{ add_to: undefined }} className="app-header__brand" dir="auto">
            {restaurant.name}
          </Link>
          <div className="app-header__end">
            <LanguageSwitch />
            <CurrentTable />
            <CartBadge />
          </div>
        </header>
        <OfflineBanner />
        <UpdatePrompt />
        <CartProblem />
        <PlacedOrderNotice />
        <DeferredAddToOrderBanner />
        {/* A new language redraws the page from scratch, its menu queries keyed by the language (never a mix); so does
            a new currency or locale from the restaurant, so that no price keeps the old one. */}
        <main id="main" key={formatsKey(restaurant, i18n.locale)} className="app-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </LiveAnnouncer>
  );
}
