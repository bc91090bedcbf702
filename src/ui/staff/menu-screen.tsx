// Every dish with a sold-out switch and its prep minutes, with a search: what the kitchen can still make.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { menuQueriesKey, menuQuery, RESTAURANT_LANGUAGE } from '../../api/queries';
import { type MenuItem } from '../../../contract/guest';
import { STAFF_LIMITS } from '../../../contract/staff';
import { updateDish } from '../../api/staff-calls';
import { setChoiceAvailable } from '../../api/menu-admin-calls';
import { useAnnounce } from '../feedback/live-announcer';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { StatusLine, useStatusLine } from './status-line';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function MenuScreen() {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [status, say] = useStatusLine();
  const menu = useQuery(menuQuery({}, RESTAURANT_LANGUAGE));
  const [search, setSearch] = useState('');
  const searchId = useId();

  // Every cached menu list (the guests' screens in this browser too) shows the change.
  const showDish = (dish: MenuItem) =>
    queryClient.setQueriesData<MenuItem[]>({ queryKey: menuQueriesKey }, (items) =>
      items?.map((item) => (item.id === dish.id ? dish : item)),
    );

  const change = useMutation({
    mutationFn: ({ item, patch }: { item: MenuItem; patch: { available?: boolean; prep_minutes?: number } }) =>
      updateDish(item.id, patch),
    // The switch moves at once; a refusal puts it back. A menu refetch already under way (a live stream's
    // reconnect, say) would answer the old state over it, so it is cancelled first, as TanStack Query advises.
    onMutate: async ({ item, patch }) => {
      await queryClient.cancelQueries({ queryKey: menuQueriesKey });
      showDish({ ...item, ...patch });
      return { before: item };
    },
    onError: (_error, _variables, context) => {
      // A fresh copy, so the row drops the tap it showed and reads the dish again.
      if (context) showDish({ ...context.before });
    },
    onSuccess: (updated) => {
      showDish(updated);
      say(
        `Saved: ${updated.name} ${updated.available ? 'available' : 'sold out'}, ${updated.prep_minutes} min to prepare.`,
      );
    },
  });
  useSessionEndedOn(change.error);
  // A choice runs out on its own (the anchovies, not the pizza): contract v1.2, PATCH staff/choices/{id}.
  const choice = useMutation({
    mutationFn: ({ id, available }: { id: number; name: string; available: boolean }) =>
      setChoiceAvailable(id, available),
    onSuccess: (_dish, { name, available }) => {
      announce(`${name}: ${available ? 'available' : 'sold out'}`);
      void queryClient.invalidateQueries({ queryKey: menuQueriesKey });
    },
  });
  useSessionEndedOn(choice.error);

  const words = fold(search).split(/\s+/).filter(Boolean);
  const dishes = (menu.data ?? []).filter((item) => words.every((word) => fold(item.name).includes(word)));

  return (
    <section aria-labelledby="menu-title" className="staff-menu">
      <h1 id="menu-title">Menu</h1>
      <div className="staff-menu__search">
        <label htmlFor={searchId}>Search dishes</label>
        <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <span role="status">{menu.data ? `${dishes.length} of ${menu.data.length} dishes` : ''}</span>
      </div>
      {menu.isPending && <p role="status">Loading the menu…</p>}
      {menu.isError && (
        <p className="staff-error" role="alert">
          Could not load the menu ({menu.error.message}).{' '}
          <button type="button" className="staff-link" onClick={() => void menu.refetch()}>
            Retry
          </button>
        </p>
      )}
      <StatusLine status={status} testId="menu-status" />
      {change.isError && !isSessionEnded(change.error) && (
        <p className="staff-error" role="alert">
          Could not save: {change.error.message}
        </p>
      )}
      {choice.isError && !isSessionEnded(choice.error) && (
        <p className="staff-error" role="alert">
          Could not save: {choice.error.message}
        </p>
      )}
      <ul className="staff-menu__list">
        {dishes.map((item) => (
          <DishRow
            key={item.id}
            item={item}
            busy={change.isPending && change.variables.item.id === item.id}
            onChange={(patch) => change.mutate({ item, patch })}
            onChoice={(id, name, available) => choice.mutate({ id, name, available })}
          />
        ))}
      </ul>
    </section>
  );
}

function DishRow({
  item,
  busy,
  onChange,
  onChoice,
}: {
  item: MenuItem;
  busy: boolean;
  onChange: (patch: { available?: boolean; prep_minutes?: number }) => void;
  onChoice: (id: number, name: string, available: boolean) => void;
}) {
  const [minutes, setMinutes] = useState(String(item.prep_minutes));
  // The switch answers the tap at once. The cache's optimistic update reaches the screen a moment later (TanStack Query
  // batches its notifications), and a controlled checkbox would spring back meanwhile; any newer copy of the dish (that
  // update, a live event, a refusal putting it back) takes over from the tap.
  const [tap, setTap] = useState<{ soldOut: boolean; on: MenuItem } | null>(null);
  // Outside its hours a dish is unavailable with a time it is back: that is no sold-out switch of the kitchen's.
  const soldOut = tap?.on === item ? tap.soldOut : !item.available && item.available_again_at === undefined;
  const prepId = useId();
  const [prepProblem, setPrepProblem] = useState(false);
  const save = () => {
    const value = Number(minutes);
    const valid =
      minutes.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= STAFF_LIMITS.prepMinutesMax;
    // A value out of range stays in the field with the range beside it, to be put right, not silently undone.
    setPrepProblem(!valid);
    if (valid && value !== item.prep_minutes) onChange({ prep_minutes: value });
  };
  return (
    <li className={`dish-row${soldOut ? ' dish-row--sold-out' : ''}`} data-testid="dish-row">
      <span className="dish-row__name">
        {item.name}
        {item.available_again_at && (
          <span className="dish-row__hours">
            {' '}
            · not served now, back{' '}
            {new Date(item.available_again_at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}
          </span>
        )}
      </span>
      <label className="staff-switch">
        <input
          type="checkbox"
          role="switch"
          aria-label={`Sold out: ${item.name}`}
          checked={soldOut}
          // aria-disabled, not disabled: a disabled control drops the keyboard's focus to <body> while it waits.
          aria-disabled={busy || undefined}
          onChange={(event) => {
            if (busy) return;
            setTap({ soldOut: event.target.checked, on: item });
            onChange({ available: !event.target.checked });
          }}
        />
        <span aria-hidden="true">Sold out</span>
      </label>
      <span className="dish-row__prep">
        <label htmlFor={prepId}>
          Prep minutes<span className="visually-hidden"> for {item.name}</span>
        </label>
        <input
          id={prepId}
          type="number"
          inputMode="numeric"
          min={0}
          max={STAFF_LIMITS.prepMinutesMax}
          value={minutes}
          readOnly={busy}
          aria-invalid={prepProblem || undefined}
          aria-describedby={prepProblem ? `${prepId}-range` : undefined}
          onChange={(event) => setMinutes(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
        />
        {prepProblem && (
          <span id={`${prepId}-range`} className="staff-error" role="alert">
            Whole minutes from 0 to {STAFF_LIMITS.prepMinutesMax}
          </span>
        )}
      </span>
      {item.options && item.options.length > 0 && <ChoiceSwitches item={item} onChoice={onChoice} />}
    </li>
  );
}

/** Each choice's own sold-out switch, folded away until needed; the summary says how many are out. */
function ChoiceSwitches({
  item,
  onChoice,
}: {
  item: MenuItem;
  onChoice: (id: number, name: string, available: boolean) => void;
}) {
  // Drawn once opened: a whole menu of switches would make the screen slow to draw for choices rarely touched.
  const [open, setOpen] = useState(false);
  const choices = (item.options ?? []).flatMap((group) => group.choices.map((choice) => ({ group, choice })));
  const out = choices.filter(({ choice }) => !choice.available).length;
  return (
    <details className="dish-row__choices" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Choices<span className="visually-hidden"> of {item.name}</span>
        {out > 0 ? ` (${out} sold out)` : ''}
      </summary>
      {open && (
        <ul>
          {choices.map(({ group, choice }) => (
            <li key={choice.id}>
              <label className="staff-switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={!choice.available}
                  onChange={(event) => onChoice(choice.id, choice.name, !event.target.checked)}
                />
                Sold out: {choice.name}
                <span className="visually-hidden">
                  {' '}
                  ({group.name}, {item.name})
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
