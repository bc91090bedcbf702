// Asks a guest who came by the table's QR code for a first name once, for the table's bill; skippable, never blocking.
import { useId, useState, type FormEvent } from 'react';
import { saveGuestName, useGuestName } from '../../device/guest-name';
import { tableKeyFor } from '../../device/device-table';
import { useSeatingState } from '../../device/table-seating';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { t } from '../i18n/i18n';
import './guest-name.css';

export function GuestNamePrompt() {
  const tableId = TableMachineContext.useSelector(selectTableId);
  const guest = useGuestName();
  const [name, setName] = useState('');
  const titleId = useId();
  const hintId = useId();
  const seating = useSeatingState(tableId);
  // Only with the table's key, which only a provider with table sessions gives out, and never once its key turned out
  // to open nothing (a v1 provider: no table's bill for a name to show on).
  if (guest.asked || tableId === null || tableKeyFor(tableId) === undefined || seating?.status === 'none') return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveGuestName(name);
  };

  return (
    <section className="guest-name" aria-labelledby={titleId} data-testid="guest-name-prompt">
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
          <button type="button" className="button button--secondary" onClick={() => saveGuestName(null)}>
            {t('guestName.skip')}
          </button>
        </div>
      </form>
    </section>
  );
}
