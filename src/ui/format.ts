// Money, numbers and lists for display: in the guest's language (Intl), with the restaurant's currency (VITE_CURRENCY).
import { currentLanguage, type Language } from '../device/language';

/** The restaurant's own locale (VITE_LOCALE): English guests see the restaurant's formats, as before. */
export const LOCALE = import.meta.env.VITE_LOCALE || 'en-US';
export const CURRENCY = import.meta.env.VITE_CURRENCY || 'USD';

/** The locale Intl formats in for each language. */
export const localeOf = (language: Language): string => (language === 'en' ? LOCALE : language);

// One formatter per language, made on first use: building them is what costs, not formatting.
const moneyFormats = new Map<Language, Intl.NumberFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();
const listFormats = new Map<Language, Intl.ListFormat>();

function cached<F>(formats: Map<Language, F>, make: (locale: string) => F): F {
  const language = currentLanguage();
  let format = formats.get(language);
  if (!format) {
    format = make(localeOf(language));
    formats.set(language, format);
  }
  return format;
}

export function formatMoney(amount: number): string {
  return cached(
    moneyFormats,
    (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }),
  ).format(amount);
}

export function formatNumber(value: number): string {
  return cached(numberFormats, (locale) => new Intl.NumberFormat(locale)).format(value);
}

const conjunctions = new Map<Language, Intl.ListFormat>();

/** A plain list ("gluten, milk, celery" in English), as the guest's language writes one. */
export function formatList(items: readonly string[]): string {
  return cached(listFormats, (locale) => new Intl.ListFormat(locale, { type: 'unit' })).format(items);
}

/** "a and b" in the guest's language. */
export function formatAnd(items: readonly string[]): string {
  return cached(conjunctions, (locale) => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items);
}

const timeFormats = new Map<Language, Intl.DateTimeFormat>();
const dayTimeFormats = new Map<Language, Intl.DateTimeFormat>();

/** When something is back (a dish served from 07:00): the time, and the weekday when it is not within a day. */
export function formatBackAt(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  const soon = at - now < 20 * 3600_000;
  return soon
    ? cached(timeFormats, (locale) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' })).format(
        at,
      )
    : cached(
        dayTimeFormats,
        (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit' }),
      ).format(at);
}
