// The restaurant as the app shows it: its profile (GET restaurant, kept with the api cache and changed by `restaurant`
// live events), else what the build was given (VITE_RESTAURANT_NAME, VITE_CURRENCY, VITE_LOCALE).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Restaurant } from '../../../contract/restaurant';
import { queryKeys, restaurantQuery } from '../../api/queries';
import { isLanguage, LANGUAGES, type Language } from '../../device/language';
import { RESTAURANT_NAME } from '../brand';
import { BUILD_FORMATS, setRestaurantFormats, type RestaurantFormats } from '../format';
import { bootMessages } from '../i18n/boot-messages';

export interface RestaurantView {
  name: string;
  formats: RestaurantFormats;
  /** What guests may read the app in, in the restaurant's order: the languages it offers that the app has. */
  languages: readonly Language[];
  /** The origin printed QR codes open; null until the manager sets it. */
  publicUrl: string | null;
  /** The provider's profile, or none (a v1 provider, or not known yet): the build's defaults. */
  profile: Restaurant | null;
}

const BUILD_VIEW: RestaurantView = {
  name: RESTAURANT_NAME,
  formats: BUILD_FORMATS,
  languages: LANGUAGES,
  publicUrl: null,
  profile: null,
};

const views = new WeakMap<Restaurant, RestaurantView>();

export function restaurantView(profile: Restaurant | null | undefined): RestaurantView {
  if (!profile) return BUILD_VIEW;
  let view = views.get(profile);
  if (!view) {
    const languages = profile.languages.filter(isLanguage);
    view = {
      name: profile.name,
      formats: {
        currency: profile.currency,
        locale: profile.locale,
        ownLanguage: profile.languages[0] ?? BUILD_FORMATS.ownLanguage,
        timeZone: profile.time_zone,
      },
      // A restaurant offering only languages the app has no words for still gets an app that speaks: English.
      languages: languages.length > 0 ? languages : ['en'],
      publicUrl: profile.public_url,
      profile,
    };
    views.set(profile, view);
  }
  return view;
}

/** The restaurant now; components showing its name, languages or prices re-render when it changes. */
export function useRestaurant(): RestaurantView {
  const { data } = useQuery(restaurantQuery());
  return restaurantView(data);
}

/**
 * A key that changes with how prices read in `language` (the currency, and the locale that language formats in), so
 * a screen keyed by it never keeps an old price. Times follow the time zone at their next render.
 */
export function formatsKey({ formats }: RestaurantView, language: string): string {
  return `${formats.currency}|${language === formats.ownLanguage ? formats.locale : language}`;
}

/** Makes the cached profile (or the build's defaults) the one prices, times and the page's title follow. */
export function applyCachedRestaurant(client: QueryClient): RestaurantView {
  const view = restaurantView(client.getQueryData<Restaurant | null>(queryKeys.restaurant));
  setRestaurantFormats(view.formats);
  document.title = `${view.name} · ${bootMessages().tagline}`;
  return view;
}

/**
 * Applies the profile now and whenever the cache's copy changes (a fetch, a `restaurant` event), before the screens
 * re-render with it; returns the function that stops following.
 */
export function followRestaurant(client: QueryClient): () => void {
  applyCachedRestaurant(client);
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === queryKeys.restaurant[0]) applyCachedRestaurant(client);
  });
}
