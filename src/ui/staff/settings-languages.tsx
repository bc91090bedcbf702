// Settings' languages offered: an ordered list (the first is the restaurant's own) moved with buttons, not by dragging,
// and a language added from a list; each says whether guests can read the app in it or only the menu's translations.
import { useEffect, useId, useState } from 'react';
import { useAnnounce } from '../feedback/live-announcer';

/** Languages a restaurant is likely to offer; the contract takes any ISO 639 code, which the list shows once chosen. */
const COMMON = ['en', 'es', 'ar', 'ca', 'de', 'el', 'eu', 'fr', 'gl', 'he', 'hi', 'it', 'ja', 'ko', 'nl', 'pl', 'pt'];
const MORE = ['ro', 'ru', 'sv', 'tr', 'uk', 'zh'];

const names = new Intl.DisplayNames(['en'], { type: 'language' });
const nameOf = (code: string) => names.of(code) ?? code;

interface SettingsLanguagesProps {
  id: string;
  errorId: string;
  error: string | undefined;
  languages: readonly string[];
  /** The languages the guests' app has words for. */
  appLanguages: readonly string[];
  max: number;
  onChange: (languages: string[]) => void;
}

type Move = { code: string; action: 'up' | 'down' | 'remove' | 'add' };

export function SettingsLanguages(props: SettingsLanguagesProps) {
  const { id, errorId, error, languages, appLanguages, max, onChange } = props;
  const announce = useAnnounce();
  const base = useId();
  const choices = [...COMMON, ...MORE].filter((code) => !languages.includes(code));
  const [picked, setAdding] = useState(choices[0] ?? '');
  // The language picked, or the first still to add once it was added.
  const adding = choices.includes(picked) ? picked : (choices[0] ?? '');
  const [moved, setMoved] = useState<Move | null>(null);
  const buttonId = (code: string, action: 'up' | 'down' | 'remove') => `${base}-${code}-${action}`;

  // The button pressed keeps focus where the language went; at the top or bottom, or once removed, focus goes to the
  // nearest control that still does something.
  useEffect(() => {
    if (!moved) return;
    const wanted = moved.action === 'add' || moved.action === 'remove' ? null : buttonId(moved.code, moved.action);
    const button = wanted ? (document.getElementById(wanted) as HTMLButtonElement | null) : null;
    if (button && !button.disabled) button.focus();
    else if (moved.action !== 'add' && languages.includes(moved.code)) {
      const other = document.getElementById(buttonId(moved.code, moved.action === 'up' ? 'down' : 'up'));
      other?.focus();
    } else document.getElementById(id)?.focus();
    // Runs once per move; the ids are stable for the mounted list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moved]);

  function move(code: string, by: -1 | 1) {
    const from = languages.indexOf(code);
    const to = from + by;
    if (to < 0 || to >= languages.length) return;
    const next = [...languages];
    next.splice(from, 1);
    next.splice(to, 0, code);
    onChange(next);
    setMoved({ code, action: by < 0 ? 'up' : 'down' });
    announce(
      to === 0
        ? `${nameOf(code)} is now the restaurant’s own language`
        : `${nameOf(code)} moved to position ${to + 1} of ${next.length}`,
    );
  }

  function remove(code: string) {
    onChange(languages.filter((language) => language !== code));
    setMoved({ code, action: 'remove' });
    announce(`${nameOf(code)} removed`);
  }

  function add() {
    if (!adding || languages.includes(adding) || languages.length >= max) return;
    onChange([...languages, adding]);
    setMoved({ code: adding, action: 'add' });
    announce(`${nameOf(adding)} added at position ${languages.length + 1}`);
  }

  const full = languages.length >= max;
  return (
    <fieldset className="settings__group" aria-describedby={`${base}-hint${error ? ` ${errorId}` : ''}`}>
      <legend>Languages offered</legend>
      <p id={`${base}-hint`} className="settings__hint">
        In order: the first is the restaurant’s own (what the kitchen reads, and guests’ default). Guests can read the
        app in {appLanguages.map(nameOf).join(', ')}; other languages are for the menu’s translations.
      </p>
      <ol className="settings__languages" data-testid="settings-languages">
        {languages.map((code, index) => (
          <li key={code} className="settings__language">
            <span className="settings__language-name" lang="en">
              {nameOf(code)} ({code}){index === 0 && <span className="settings__badge"> · the restaurant’s own</span>}
              {!appLanguages.includes(code) && <span className="settings__badge"> · menu only</span>}
            </span>
            <span className="settings__language-actions">
              <button
                type="button"
                id={buttonId(code, 'up')}
                aria-label={`Move up ${nameOf(code)}`}
                className="staff-button staff-button--quiet"
                disabled={index === 0}
                onClick={() => move(code, -1)}
              >
                Move up
              </button>
              <button
                type="button"
                id={buttonId(code, 'down')}
                aria-label={`Move down ${nameOf(code)}`}
                className="staff-button staff-button--quiet"
                disabled={index === languages.length - 1}
                onClick={() => move(code, 1)}
              >
                Move down
              </button>
              <button
                type="button"
                id={buttonId(code, 'remove')}
                aria-label={`Remove ${nameOf(code)}`}
                className="staff-button staff-button--quiet"
                disabled={languages.length === 1}
                onClick={() => remove(code)}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="settings__add-language">
        <div className="staff-field">
          <label htmlFor={id}>Add a language</label>
          <select
            id={id}
            value={adding}
            disabled={full || choices.length === 0}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setAdding(event.target.value)}
          >
            {choices.map((code) => (
              <option key={code} value={code}>
                {nameOf(code)} ({code})
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="staff-button" disabled={full || !adding} onClick={add}>
          Add
        </button>
      </div>
      {full && <p className="settings__hint">At most {max} languages.</p>}
      {error && (
        <p id={errorId} className="staff-error settings__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
