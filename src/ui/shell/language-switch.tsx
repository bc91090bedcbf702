// The header's language switch: a labelled select of the languages the restaurant offers, each named in itself; the
// choice applies at once and is remembered on this device. A language the restaurant stops offering is left at once.
import { useLingui } from '@lingui/react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { bootLanguage, isLanguage, type Language } from '../../device/language';
import { languageStore } from '../../device/language-store';
import { activateLanguage, t } from '../i18n/i18n';
import { useRestaurant } from '../restaurant/restaurant';

/** Each language's own name, so a guest finds theirs whatever the page is in. */
const NAMES: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };
/** What a phone's narrow header shows of the current one (the list, opened, names each in full). */
const SHORT: Record<Language, string> = { en: 'EN', es: 'ES', ar: 'ع' };

export function LanguageSwitch() {
  const { i18n } = useLingui();
  const router = useRouter();
  const id = useId();
  const { languages } = useRestaurant();
  const offered = isLanguage(i18n.locale) && languages.includes(i18n.locale);

  useEffect(() => {
    // The device's choice is kept: should the restaurant offer it again, it comes back at the next start.
    if (!offered) void activateLanguage(bootLanguage(languages)).then(() => router.invalidate());
  }, [offered, languages, router]);

  // One language is no choice.
  if (languages.length < 2) return null;
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      {/* On a phone the select is drawn as this short face (the restaurant's name needs the width); the select itself,
          transparent on top of it, is still what a finger, the keyboard or a screen reader uses. */}
      <span className="language-switch__face" aria-hidden="true">
        {isLanguage(i18n.locale) ? SHORT[i18n.locale] : i18n.locale}
      </span>
      <select
        id={id}
        className="language-switch__select"
        data-testid="language-switch"
        value={i18n.locale}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          languageStore.write(language);
          // Loaders run again with the new language, so the menu's queries for it start at once.
          void activateLanguage(language).then(() => router.invalidate());
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
