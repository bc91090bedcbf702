// A dish's option groups and their choices (sizes, extras), edited whole: names, how many a guest picks, prices.
import { useEffect, useId, useRef, useState } from 'react';
import { ALLERGENS, type Allergen } from '../../../../contract/guest';
import { MENU_LIMITS, type OptionGroupInput } from '../../../../contract/menu-admin';
import { closestWord } from '../../../domain/closest-word';

type Choice = OptionGroupInput['choices'][number];

const allergenText = (allergens: readonly string[] | null | undefined) => (allergens ?? []).join(', ');
/** "cheese, Milk" → ["milk"] and the words it does not know, which the form names before anything is sent. */
export function readAllergens(text: string): { allergens: Allergen[]; unknown: string[] } {
  const words = text
    .split(/[,;]/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  return {
    allergens: words.filter((word): word is Allergen => (ALLERGENS as readonly string[]).includes(word)),
    unknown: words.filter((word) => !(ALLERGENS as readonly string[]).includes(word)),
  };
}

/** What the form says of words that are not among the 14, with the allergen each most likely meant. */
export function unknownAllergensMessage(unknown: readonly string[]): string {
  const named = unknown.map((word) => {
    const meant = closestWord(word, ALLERGENS);
    return meant ? `“${word}” (did you mean “${meant}”?)` : `“${word}”`;
  });
  return `Not one of the 14 allergens: ${named.join(', ')}. Correct it before saving.`;
}

export function OptionsField({
  value,
  onChange,
}: {
  value: OptionGroupInput[];
  onChange: (groups: OptionGroupInput[]) => void;
}) {
  const setGroup = (index: number, group: OptionGroupInput) =>
    onChange(value.map((one, i) => (i === index ? group : one)));
  const move = (index: number, by: number) => {
    const next = [...value];
    const [group] = next.splice(index, 1);
    if (group) next.splice(index + by, 0, group);
    onChange(next);
  };
  return (
    <fieldset className="editor-fieldset">
      <legend>Options</legend>
      {value.length === 0 && <p className="staff-note">No options: guests add the dish as it is.</p>}
      {value.map((group, index) => (
        <GroupEditor
          key={group.id ?? `new-${index}`}
          group={group}
          index={index}
          count={value.length}
          onChange={(next) => setGroup(index, next)}
          onMove={(by) => move(index, by)}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      {value.length < MENU_LIMITS.groupsPerDish && (
        <button
          type="button"
          className="staff-button"
          onClick={() => onChange([...value, { name: '', min: 0, max: 1, choices: [{ name: '', price: 0 }] }])}
        >
          Add an option group
        </button>
      )}
    </fieldset>
  );
}

function GroupEditor({
  group,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  group: OptionGroupInput;
  index: number;
  count: number;
  onChange: (group: OptionGroupInput) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const title = group.name.trim() || `Option group ${index + 1}`;
  const setChoice = (at: number, choice: Choice) =>
    onChange({ ...group, choices: group.choices.map((one, i) => (i === at ? choice : one)) });
  return (
    <fieldset className="editor-group" data-testid="option-group">
      <legend>{title}</legend>
      <span className="staff-field">
        <label htmlFor={`${id}-name`}>Group name</label>
        <input
          id={`${id}-name`}
          required
          maxLength={MENU_LIMITS.nameLength}
          value={group.name}
          onChange={(event) => onChange({ ...group, name: event.target.value })}
        />
      </span>
      <span className="staff-field editor-inline">
        <label htmlFor={`${id}-min`}>At least</label>
        <input
          id={`${id}-min`}
          type="number"
          inputMode="numeric"
          min={0}
          max={group.max}
          value={group.min}
          onChange={(event) => onChange({ ...group, min: Number(event.target.value) })}
        />
      </span>
      <span className="staff-field editor-inline">
        <label htmlFor={`${id}-max`}>At most</label>
        <input
          id={`${id}-max`}
          type="number"
          inputMode="numeric"
          min={Math.max(1, group.min)}
          max={MENU_LIMITS.choicesPerGroup}
          value={group.max}
          onChange={(event) => onChange({ ...group, max: Number(event.target.value) })}
        />
      </span>
      <p className="staff-note">
        {group.min === 0 ? 'Optional' : `Required: ${group.min}`}; {group.max === 1 ? 'pick one' : `up to ${group.max}`}
        .
      </p>
      <table className="editor-choices-table">
        <caption className="visually-hidden">Choices of {title}</caption>
        <thead>
          <tr>
            <th scope="col" className="editor-choices-table__name">
              Choice
            </th>
            <th scope="col" className="editor-choices-table__price">
              Adds to the price
            </th>
            <th scope="col" className="editor-choices-table__allergens">
              Allergens it adds
            </th>
            <th scope="col" className="editor-choices-table__fit">
              Available
            </th>
            <th scope="col" className="editor-choices-table__fit">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.choices.map((choice, at) => (
            <ChoiceRow
              key={choice.id ?? `new-${at}`}
              choice={choice}
              label={`${title}, choice ${at + 1}`}
              onChange={(next) => setChoice(at, next)}
              onRemove={
                group.choices.length > 1
                  ? () => onChange({ ...group, choices: group.choices.filter((_, i) => i !== at) })
                  : undefined
              }
            />
          ))}
        </tbody>
      </table>
      <div className="editor-actions">
        {group.choices.length < MENU_LIMITS.choicesPerGroup && (
          <button
            type="button"
            className="staff-button"
            onClick={() => onChange({ ...group, choices: [...group.choices, { name: '', price: 0 }] })}
          >
            Add a choice<span className="visually-hidden"> to {title}</span>
          </button>
        )}
        <button type="button" className="staff-button" disabled={index === 0} onClick={() => onMove(-1)}>
          Move up<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="staff-button" disabled={index === count - 1} onClick={() => onMove(1)}>
          Move down<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="staff-button staff-button--quiet" onClick={onRemove}>
          Remove group<span className="visually-hidden"> {title}</span>
        </button>
      </div>
    </fieldset>
  );
}

function ChoiceRow({
  choice,
  label,
  onChange,
  onRemove,
}: {
  choice: Choice;
  label: string;
  onChange: (choice: Choice) => void;
  onRemove: (() => void) | undefined;
}) {
  const id = useId();
  // Empty: the choice adds nothing declared (the dish's own allergens still stand).
  const [text, setText] = useState(allergenText(choice.allergens));
  const { unknown } = readAllergens(text);
  const problem = unknown.length > 0 ? unknownAllergensMessage(unknown) : '';
  const allergensInput = useRef<HTMLInputElement>(null);
  // The draft holds only the allergens it knows, so an unknown word would be dropped without a word: the field is
  // invalid instead, which stops the form's submit (the dish form focuses it, and its message is read with it).
  useEffect(() => allergensInput.current?.setCustomValidity(problem), [problem]);
  return (
    <tr data-testid="option-choice">
      <td>
        {/* A name may be 120 characters, which no field fits beside the others on a tablet: it wraps onto more
            lines instead of scrolling out of sight. It is still one line: Enter saves, as in a text field, and a
            pasted line break becomes a space. */}
        <textarea
          className="editor-choice-name"
          aria-label={`${label}: name`}
          required
          rows={1}
          maxLength={MENU_LIMITS.nameLength}
          value={choice.name}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
          onChange={(event) => onChange({ ...choice, name: event.target.value.replace(/[\r\n]+/g, ' ') })}
        />
      </td>
      <td>
        <input
          aria-label={`${label}: adds to the price`}
          type="number"
          inputMode="decimal"
          min={0}
          max={MENU_LIMITS.choicePriceMax}
          step={0.01}
          value={choice.price}
          onChange={(event) => onChange({ ...choice, price: Number(event.target.value) })}
        />
      </td>
      <td>
        <input
          ref={allergensInput}
          aria-label={`${label}: allergens it adds`}
          aria-describedby={`${id}-hint`}
          value={text}
          aria-invalid={unknown.length > 0 || undefined}
          onChange={(event) => {
            setText(event.target.value);
            const typed = event.target.value.trim();
            onChange({ ...choice, allergens: typed === '' ? null : readAllergens(typed).allergens });
          }}
        />
        <span id={`${id}-hint`} className={unknown.length > 0 ? 'staff-error' : 'visually-hidden'}>
          {problem || 'Comma-separated, from the 14 allergens'}
        </span>
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`${label}: available`}
          checked={choice.available ?? true}
          onChange={(event) => onChange({ ...choice, available: event.target.checked })}
        />
      </td>
      <td>
        {onRemove && (
          // A cross, named in words, leaves the row's width to the choice's name; its title says it to a mouse.
          <button
            type="button"
            className="staff-button staff-button--quiet editor-choice-remove"
            title="Remove"
            onClick={onRemove}
          >
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">Remove {label}</span>
          </button>
        )}
      </td>
    </tr>
  );
}
