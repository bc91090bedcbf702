// Asks a guest who came by the table's QR code for a first name once, for the table's bill; skippable, never blocking.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { saveGuestName, useGuestName } from '../../device/guest-name';
import { tableKeyFor } from '../../device/device-table';
import { useSeatingState } from '../../device/table-seating';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { t } from '../i18n/i18n';
import './guest-name.css';

export function GuestNamePrompt() {
  const tableId = TableMachineContext.useSelector(selectTableId);
  const guest = useGuestName();
  const seating = useSeatingState(tableId);
  // Only with the table's key, which only a provider with table sessions gives out, and never once its key turned out
  // to open nothing (a v1 provider: no table's bill for a name to show on).
  if (guest.asked || tableId === null || tableKeyFor(tableId) === undefined || seating?.status === 'none') return null;
  return <NameSheet />;
}

function NameSheet() {
  const [name, setName] = useState('');
  const titleId = useId();
  const hintId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  // Where a keyboard or screen-reader user was before coming into the sheet: they go back there once it closes.
  const cameFrom = useRef<HTMLElement | null>(null);

  const close = useCallback((answer: string | null) => {
    const hadFocus = sheet.current?.contains(document.activeElement) ?? false;
    saveGuestName(answer);
    if (!hadFocus) return;
    const back = cameFrom.current?.isConnected ? cameFrom.current : document.querySelector<HTMLElement>('h1');
    back?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close(name);
  };

  // Escape is Skip, as on any dialog, heard inside the sheet only so it never closes a dialog above it (the DOM's own
  // listeners: jsx-a11y wants no handlers on a dialog's element).
  useEffect(() => {
    const node = sheet.current;
    if (!node) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(null);
    };
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !node.contains(from)) cameFrom.current = from;
    };
    node.addEventListener('keydown', onKeyDown);
    node.addEventListener('focusin', onFocusIn);
    return () => {
      node.removeEventListener('keydown', onKeyDown);
      node.removeEventListener('focusin', onFocusIn);
    };
  }, [close]);

  // A non-modal sheet over the bottom of the screen: it arrives after the first screen, so taking room in the page
  // would move the dishes under the guest's finger, and taking focus would swallow what they were typing or tapping.
  // Its place in the page's order puts it before the dishes for a keyboard or screen reader.
  return (
    <div
      role="dialog"
      aria-modal="false"
      className="guest-name"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      data-testid="guest-name-prompt"
      ref={sheet}
    >
      <h2 id={titleId} className="guest-name__title">
        {t('guestName.title')}
      </h2>
      <form className="guest-name__form" onSubmit={submit}>
        <label className="guest-name__label">
          {t('guestName.label')}
          <input
            className="guest-name__input"
            name="guest"
            autoComplete="given-name"
            maxLength={40}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-describedby={hintId}
          />
        </label>
        <p id={hintId} className="guest-name__hint">
          {t('guestName.hint')}
        </p>
        <div className="guest-name__actions">
          <button type="submit" className="button button--primary" disabled={name.trim() === ''}>
            {t('guestName.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => close(null)}>
            {t('guestName.skip')}
          </button>
        </div>
      </form>
    </div>
  );
}
