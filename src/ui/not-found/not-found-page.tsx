// The page for any path the app does not know (spec §2): on the menu's theme, with two ways out.
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { useRef } from 'react';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import './not-found-page.css';
import { t } from '../i18n/i18n';

export function NotFoundPage() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const heading = useRef<HTMLHeadingElement>(null);

  // Screen-reader and keyboard users land on the explanation, not at the top of the page.
  useFocusOnArrival(heading, { onPageLoad: true });

  return (
    <section className="not-found" data-testid="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title" ref={heading} tabIndex={-1}>
        {t('notFound.title')}
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <div className="not-found__actions">
        <Link to="/" className="not-found__home">
          {t('notFound.home')}
        </Link>
        <button
          type="button"
          className="not-found__back"
          onClick={() => {
            // The spec's step back is the browser's; only a tab opened straight onto this page (a QR code, a shared
            // link) has nothing behind it, and then home is the nearest place.
            if (canGoBack || window.history.length > 1) router.history.back();
            else void router.navigate({ to: '/' });
          }}
        >
          {t('notFound.back')}
        </button>
      </div>
    </section>
  );
}
