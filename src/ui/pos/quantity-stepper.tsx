// How many of a dish: − and + buttons around a number the guest may also type, kept within the contract's limits.
import { useId, useState } from 'react';
import { t } from '../i18n/i18n';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function QuantityStepper({ value, onChange, min, max }: QuantityStepperProps) {
  const id = useId();
  // Buttons at a limit say so with aria-disabled but stay focusable, so pressing + up to 20 never drops focus to the page.
  // What is in the box while the guest types ("" or "1" on the way to "12"); the value itself is always a whole number in range.
  const [draft, setDraft] = useState<string | null>(null);
  // Why the box shows another number than the one typed (or why + stops): the box always shows what will be added.
  const [limitNote, setLimitNote] = useState<string | null>(null);
  const noteId = `${id}-limit`;
  const limitFor = (wanted: number) => (wanted > max ? t('quantity.atMost', { max }) : t('quantity.atLeast', { min }));
  const step = (by: number) => {
    setDraft(null);
    const wanted = value + by;
    setLimitNote(wanted > max || wanted < min ? limitFor(wanted) : null);
    onChange(clamp(wanted, min, max));
  };
  return (
    <div className="quantity-stepper">
      <label htmlFor={id} className="quantity-stepper__label">
        {t('quantity.label')}
      </label>
      <div className="quantity-stepper__controls">
        <button
          type="button"
          className="quantity-stepper__button"
          onClick={() => step(-1)}
          aria-disabled={value <= min}
          aria-label={t('quantity.fewer')}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M4 10h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={id}
          className="quantity-stepper__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={draft ?? String(value)}
          aria-describedby={limitNote ? noteId : undefined}
          onChange={(event) => {
            const text = event.target.value;
            const typed = Number.parseInt(text, 10);
            if (!Number.isFinite(typed)) {
              // "" or "-" on the way to a number: kept in the box, the quantity stays as it was.
              setDraft(text);
              return;
            }
            const clamped = clamp(typed, min, max);
            // Whole numbers only: "2.5" or "1e1" is replaced at once by the number the button will add.
            setDraft(clamped === typed && /^\d+$/.test(text) ? text : null);
            setLimitNote(clamped === typed ? null : limitFor(typed));
            onChange(clamped);
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          className="quantity-stepper__button"
          onClick={() => step(1)}
          aria-disabled={value >= max}
          aria-label={t('quantity.more')}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p id={noteId} className="quantity-stepper__note" role="status">
        {limitNote}
      </p>
    </div>
  );
}
