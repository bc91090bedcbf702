// Money, numbers, lists and times for display: in the guest's language (Intl), with the restaurant's currency, locale
// and time zone (its profile once known, else the build's VITE_CURRENCY and VITE_LOCALE); lists in the language alone.
import { currentLanguage, DEFAULT_LANGUAGE, type Language } from '../device/language';
import { currencyFormat } from '../domain/money';

/** What formatting takes from the restaurant. */
export interface RestaurantFormats {
  currency: string;
  /** The restaurant's own locale: guests reading its own language see its formats (en-US, es-ES…). */
  locale: string;
  /** The restaurant's own language (the first it offers). */
  ownLanguage: string;
  /** Times are shown in it; undefined: the device's own. */
  timeZone: string | undefined;
}

/** Before the profile is known, or from a provider without one (contract v1): what the build was given. */
export const BUILD_FORMATS: RestaurantFormats = {
  currency: import.meta.env.VITE_CURRENCY || 'USD',
  locale: import.meta.env.VITE_LOCALE || 'en-US',
  ownLanguage: DEFAULT_LANGUAGE,
  timeZone: undefined,
};

let formats = BUILD_FORMATS;

// One formatter per language, made on first use: building them is what costs, not formatting.
const moneyFormats = new Map<Language, Intl.NumberFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();
const listFormats = new Map<Language, Intl.ListFormat>();
const conjunctions = new Map<Language, Intl.ListFormat>();
const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();
const timeFormats = new Map<Language, Intl.DateTimeFormat>();
const dayTimeFormats = new Map<Language, Intl.DateTimeFormat>();
const ALL = [moneyFormats, numberFormats, listFormats, conjunctions, dateTimeFormats, timeFormats, dayTimeFormats];

export const currentFormats = (): RestaurantFormats => formats;

/**
 * Takes the restaurant's currency, locale and time zone. A change drops the formatters made so far, which are made
 * again on next use: ICU's data is loaded already (index.html), so that is only the formatter itself.
 */
export function setRestaurantFormats(next: RestaurantFormats): boolean {
  if (
    next.currency === formats.currency &&
    next.locale === formats.locale &&
    next.ownLanguage === formats.ownLanguage &&
    next.timeZone === formats.timeZone
  ) {
    return false;
  }
  formats = next;
  for (const made of ALL) made.clear();
  return true;
}

/** The locale Intl formats in for each language: the restaurant's own for its own language, else the language's. */
export const localeOf = (language: Language): string => (language === formats.ownLanguage ? formats.locale : language);

/** Lists are words: joined as the guest's language joins them ("milk and celery"), never in the restaurant's locale. */
const ownWords = (language: Language): string => language;

function cached<F>(made: Map<Language, F>, make: (locale: string) => F, locale = localeOf): F {
  const language = currentLanguage();
  let format = made.get(language);
  if (!format) {
    format = make(locale(language));
    made.set(language, format);
  }
  return format;
}

export function formatMoney(amount: number): string {
  return cached(moneyFormats, (locale) => currencyFormat(locale, formats.currency)).format(amount);
}

export function formatNumber(value: number): string {
  return cached(numberFormats, (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** A plain list ("gluten, milk, celery" in English), as the guest's language writes one. */
export function formatList(items: readonly string[]): string {
  return cached(listFormats, (locale) => new Intl.ListFormat(locale, { type: 'unit' }), ownWords).format(items);
}

/** "a and b" in the guest's language. */
export function formatAnd(items: readonly string[]): string {
  return cached(conjunctions, (locale) => new Intl.ListFormat(locale, { type: 'conjunction' }), ownWords).format(items);
}

/** A day and time ("Mar 4, 7:05 PM"), in the guest's language and the restaurant's time zone. */
export function formatDateTime(date: Date): string {
  return cached(
    dateTimeFormats,
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        ...(formats.timeZone ? { timeZone: formats.timeZone } : {}),
      }),
  ).format(date);
}

/**
 * When something is back (a dish served from 07:00): the time, and the weekday when it is not within a day. In the
 * restaurant's time zone, as its hours are: a guest whose phone is set elsewhere reads the kitchen's clock.
 */
export function formatBackAt(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  const soon = at - now < 20 * 3600_000;
  const timeZone = formats.timeZone ? { timeZone: formats.timeZone } : {};
  return soon
    ? cached(
        timeFormats,
        (locale) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', ...timeZone }),
      ).format(at)
    : cached(
        dayTimeFormats,
        (locale) =>
          new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit', ...timeZone }),
      ).format(at);
}
