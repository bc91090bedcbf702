// The search box over the menu: labelled, with a clear button that puts the guest back in the box.
import { useRef } from 'react';
import { t } from '../i18n/i18n';

interface MenuSearchProps {
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
}

export function MenuSearch({ value, onChange, onFocus }: MenuSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <form role="search" className="menu-search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="menu-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <svg
        className="menu-search__icon"
        viewBox="0 0 20 20"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        id="menu-search"
        className="menu-search__input"
        type="search"
        data-testid="menu-search"
        placeholder={t('search.label')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
      />
      {value !== '' && (
        <button
          type="button"
          className="menu-search__clear"
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('search.clear')}</span>
        </button>
      )}
    </form>
  );
}
