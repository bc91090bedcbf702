// The few words shown before the guest's catalog has arrived (the splash, a failed start), in every language: small
// enough for the entry chunk, which must not carry the catalogs or the i18n library.
import { currentLanguage, setCurrentLanguage, type Language } from '../../device/language';

interface BootMessages {
  tagline: string;
  preparing: string;
  failedTitle: string;
  failedText: string;
  tryAgain: string;
}

const BOOT_MESSAGES: Record<Language, BootMessages> = {
  en: {
    tagline: 'Order at your table',
    preparing: 'Preparing the menu…',
    failedTitle: 'We couldn’t open the menu',
    failedText: 'Part of the app didn’t load. Check your connection, then try again.',
    tryAgain: 'Try again',
  },
  es: {
    tagline: 'Pide desde tu mesa',
    preparing: 'Preparando la carta…',
    failedTitle: 'No hemos podido abrir la carta',
    failedText: 'Una parte de la aplicación no se ha cargado. Comprueba tu conexión y vuelve a intentarlo.',
    tryAgain: 'Reintentar',
  },
  ar: {
    tagline: 'اطلب من طاولتك',
    preparing: 'جارٍ تحضير القائمة…',
    failedTitle: 'تعذّر فتح القائمة',
    failedText: 'لم يُحمَّل جزء من التطبيق. تحقّق من اتصالك ثم حاول مرة أخرى.',
    tryAgain: 'حاول مرة أخرى',
  },
};

/** Languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

export const directionOf = (language: Language): 'rtl' | 'ltr' => (RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr');

export const bootMessages = (language: Language = currentLanguage()): BootMessages => BOOT_MESSAGES[language];

/** The language the app is in, and the page's `lang`, `dir` and index.html's static splash label for it. */
export function applyBootLanguage(language: Language): void {
  setCurrentLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  document.getElementById('boot-splash')?.setAttribute('aria-label', BOOT_MESSAGES[language].preparing);
}
