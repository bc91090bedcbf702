// The back office's form pieces: hours, translations, allergens, diets and tags, station, and a save's problems.
import { useId } from 'react';
import { ALLERGENS } from '../../../../contract/guest';
import { DIETS, MENU_LIMITS, OTHER_TAGS, type HoursInput, type Translations } from '../../../../contract/menu-admin';
import { ApiError } from '../../../api/errors';
import { isSessionEnded } from '../staff-session-provider';
import { StatusLine, type Status } from '../status-line';

export const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  ar: 'Arabic',
  fr: 'French',
  de: 'German',
};
export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code.toUpperCase();
export const wordsOf = (value: string) => value.replace(/-/g, ' ');

type Window = NonNullable<HoursInput>[number];

/** What a refused save says, naming the provider's fields. */
export function SaveProblem({ error, what }: { error: unknown; what: string }) {
  if (!error || isSessionEnded(error)) return null;
  const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
  return (
    <div className="staff-error" role="alert">
      <p>
        Could not {what}: {error instanceof Error ? error.message : 'unknown error'}
      </p>
      {fields.length > 0 && (
        <ul>
          {fields.map(([field, reason]) => (
            <li key={field}>
              <code>{field}</code>: {reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A form's heading, which the editor focuses when the form opens: what it edits, or what it adds. */
export function FormTitle({ id, title, hidden }: { id: string; title: string; hidden: boolean | undefined }) {
  return (
    <h2 id={`${id}-title`} tabIndex={-1}>
      {title}
      {hidden && <span className="editor-badge">Hidden</span>}
    </h2>
  );
}

/** The name every entry has and, for categories and dishes, its description. */
export function NameFields({
  id,
  name,
  description,
  descriptionRows = 2,
  onChange,
}: {
  id: string;
  name: string;
  /** Undefined: the entry has none (a sub-category). */
  description?: string;
  descriptionRows?: number;
  onChange: (change: { name?: string; description?: string }) => void;
}) {
  return (
    <>
      <span className="staff-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          required
          maxLength={MENU_LIMITS.nameLength}
          value={name}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </span>
      {description !== undefined && (
        <span className="staff-field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            rows={descriptionRows}
            maxLength={MENU_LIMITS.descriptionLength}
            value={description}
            onChange={(event) => onChange({ description: event.target.value })}
          />
        </span>
      )}
    </>
  );
}

/** Save (or add), and hide or show again, each with what went wrong if the provider refused it. */
export function FormActions({
  what,
  exists,
  hidden,
  save,
  visibility,
  status,
}: {
  /** 'dish', 'category', 'sub-category'. */
  what: string;
  /** What the last save did, said beside the buttons. */
  status?: Status;
  exists: boolean;
  hidden: boolean | undefined;
  save: { isPending: boolean; error: unknown };
  visibility: { isPending: boolean; error: unknown; mutate: (hidden: boolean) => void };
}) {
  return (
    <>
      <SaveProblem error={save.error} what={`save the ${what}`} />
      <div className="editor-actions">
        {/* aria-disabled, not disabled: the focus stays on the button while it saves, for the next change. */}
        <button
          type="submit"
          className="staff-button staff-button--primary"
          aria-disabled={save.isPending || undefined}
          onClick={(event) => {
            if (save.isPending) event.preventDefault();
          }}
        >
          {save.isPending ? 'Saving…' : `${exists ? 'Save' : 'Add'} ${what}`}
        </button>
        {exists && (
          <button
            type="button"
            className="staff-button"
            aria-disabled={visibility.isPending || undefined}
            onClick={() => !visibility.isPending && visibility.mutate(!hidden)}
          >
            {hidden ? 'Show to guests' : 'Hide from guests'}
          </button>
        )}
      </div>
      {status && <StatusLine status={status} testId={`${what}-status`} />}
      <SaveProblem error={visibility.error} what="change what guests see" />
    </>
  );
}

/** Hours in the restaurant's time zone: none means at all hours (or, on a dish, its category's). */
export function HoursField({
  value,
  onChange,
  emptyMeans,
}: {
  value: HoursInput;
  onChange: (hours: HoursInput) => void;
  emptyMeans: string;
}) {
  const windows = value ?? [];
  const set = (index: number, window: Window) => onChange(windows.map((one, i) => (i === index ? window : one)));
  return (
    <fieldset className="editor-fieldset">
      <legend>Hours</legend>
      {windows.length === 0 && <p className="staff-note">No hours: {emptyMeans}.</p>}
      {windows.map((window, index) => (
        <HoursWindowRow
          key={index}
          index={index}
          window={window}
          onChange={(next) => set(index, next)}
          onRemove={() => onChange(windows.length === 1 ? null : windows.filter((_, i) => i !== index))}
        />
      ))}
      <button
        type="button"
        className="staff-button"
        onClick={() => onChange([...windows, { days: [1, 2, 3, 4, 5, 6, 7], from: '07:00', to: '11:30' }])}
      >
        Add hours
      </button>
    </fieldset>
  );
}

function HoursWindowRow({
  index,
  window,
  onChange,
  onRemove,
}: {
  index: number;
  window: Window;
  onChange: (window: Window) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const label = `Hours ${index + 1}`;
  return (
    <fieldset className="editor-hours" data-testid="hours-window">
      <legend>{label}</legend>
      <div className="editor-hours__days">
        {DAY_NAMES.map((name, day) => (
          <label key={name} className="editor-check">
            <input
              type="checkbox"
              checked={window.days.includes(day + 1)}
              onChange={(event) =>
                onChange({
                  ...window,
                  days: event.target.checked
                    ? [...window.days, day + 1].sort((a, b) => a - b)
                    : window.days.filter((one) => one !== day + 1),
                })
              }
            />
            {name}
          </label>
        ))}
      </div>
      <span className="staff-field editor-inline">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="time"
          required
          value={window.from}
          onChange={(event) => onChange({ ...window, from: event.target.value })}
        />
      </span>
      <span className="staff-field editor-inline">
        <label htmlFor={`${id}-to`}>Until</label>
        <input
          id={`${id}-to`}
          type="time"
          required
          value={window.to === '24:00' ? '23:59' : window.to}
          onChange={(event) => onChange({ ...window, to: event.target.value })}
        />
      </span>
      <button type="button" className="staff-button staff-button--quiet" onClick={onRemove}>
        Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
      </button>
    </fieldset>
  );
}

/**
 * A name (and a description, where the entity has one) in each language the restaurant offers besides its own; an
 * empty name leaves the language untranslated, marked so, and guests then read the restaurant's own words.
 */
export function TranslationsField({
  languages,
  value,
  onChange,
  withDescription,
}: {
  languages: readonly string[];
  value: Translations;
  onChange: (translations: Translations) => void;
  withDescription: boolean;
}) {
  const id = useId();
  if (languages.length === 0) return null;
  const set = (language: string, field: 'name' | 'description', text: string) => {
    const current = value[language] ?? { name: '' };
    const next = { ...current, [field]: text };
    const rest = Object.fromEntries(Object.entries(value).filter(([code]) => code !== language));
    onChange(next.name.trim() === '' && !next.description?.trim() ? rest : { ...rest, [language]: next });
  };
  return (
    <fieldset className="editor-fieldset">
      <legend>Translations</legend>
      {languages.map((language) => {
        const entry = value[language];
        const missing = !entry?.name.trim();
        return (
          <div key={language} className="editor-translation" data-testid={`translation-${language}`}>
            <span className="staff-field">
              <label htmlFor={`${id}-${language}-name`}>Name in {languageName(language)}</label>
              <input
                id={`${id}-${language}-name`}
                lang={language}
                dir="auto"
                value={entry?.name ?? ''}
                aria-describedby={missing ? `${id}-${language}-missing` : undefined}
                onChange={(event) => set(language, 'name', event.target.value)}
              />
            </span>
            {withDescription && (
              <span className="staff-field">
                <label htmlFor={`${id}-${language}-description`}>Description in {languageName(language)}</label>
                <textarea
                  id={`${id}-${language}-description`}
                  lang={language}
                  dir="auto"
                  rows={2}
                  value={entry?.description ?? ''}
                  onChange={(event) => set(language, 'description', event.target.value)}
                />
              </span>
            )}
            {missing && (
              <p id={`${id}-${language}-missing`} className="editor-untranslated">
                Not translated: {languageName(language)} guests read the restaurant’s own words.
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The 14 allergens, with "not declared" (null) kept apart from "declares none" ([]). */
export function AllergensField({
  value,
  onChange,
}: {
  value: readonly string[] | null;
  onChange: (allergens: string[] | null) => void;
}) {
  const name = useId();
  const declared = value !== null;
  return (
    <fieldset className="editor-fieldset">
      <legend>Allergens</legend>
      <div className="editor-choices">
        <label className="editor-check">
          <input type="radio" name={name} checked={!declared} onChange={() => onChange(null)} />
          Not declared (guests are told to ask)
        </label>
        <label className="editor-check">
          <input type="radio" name={name} checked={declared} onChange={() => onChange([...(value ?? [])])} />
          Declared: the ones ticked below, or none
        </label>
      </div>
      {declared && (
        <div className="editor-grid" role="group" aria-label="Declared allergens">
          {ALLERGENS.map((allergen) => (
            <label key={allergen} className="editor-check">
              <input
                type="checkbox"
                checked={value.includes(allergen)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...value, allergen] : value.filter((one) => one !== allergen))
                }
              />
              {allergen}
            </label>
          ))}
        </div>
      )}
      {declared && value.length === 0 && <p className="staff-note">Declares none of the 14.</p>}
    </fieldset>
  );
}

export function TagsField({
  diets,
  tags,
  onChange,
}: {
  diets: readonly string[];
  tags: readonly string[];
  onChange: (next: { diets: string[]; tags: string[] }) => void;
}) {
  const toggle = (list: readonly string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((one) => one !== value);
  return (
    <fieldset className="editor-fieldset">
      <legend>Diets and tags</legend>
      <div className="editor-grid">
        {DIETS.map((diet) => (
          <label key={diet} className="editor-check">
            <input
              type="checkbox"
              checked={diets.includes(diet)}
              onChange={(event) => onChange({ diets: toggle(diets, diet, event.target.checked), tags: [...tags] })}
            />
            {wordsOf(diet)}
          </label>
        ))}
        {OTHER_TAGS.map((tag) => (
          <label key={tag} className="editor-check">
            <input
              type="checkbox"
              checked={tags.includes(tag)}
              onChange={(event) => onChange({ diets: [...diets], tags: toggle(tags, tag, event.target.checked) })}
            />
            {wordsOf(tag)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Where it is made: empty means the category's station (a dish) or the kitchen (a category). */
export function StationField({
  value,
  onChange,
  emptyMeans,
}: {
  value: string | null;
  onChange: (station: string | null) => void;
  emptyMeans: string;
}) {
  const id = useId();
  return (
    <span className="staff-field">
      <label htmlFor={id}>Station</label>
      <input
        id={id}
        list={`${id}-list`}
        value={value ?? ''}
        pattern="[a-z0-9][a-z0-9\-]{0,29}"
        title="Lower-case letters, digits and dashes: kitchen, bar, pastry"
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value.trim().toLowerCase() || null)}
      />
      <datalist id={`${id}-list`}>
        <option value="kitchen" />
        <option value="bar" />
      </datalist>
      <span id={`${id}-hint`} className="staff-note">
        Empty: {emptyMeans}.
      </span>
    </span>
  );
}
