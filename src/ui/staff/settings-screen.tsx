// The manager's Settings: the restaurant's profile (name, money, languages, time, tax, service, tips, public address,
// business day), saved as a whole; each of the provider's field errors shows beside its field, focus on the first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { Restaurant } from '../../../contract/restaurant';
import { RESTAURANT_LIMITS } from '../../../contract/restaurant';
import { ApiError } from '../../api/errors';
import { queryKeys, restaurantQuery } from '../../api/queries';
import { saveRestaurant } from '../../api/staff-calls';
import { LANGUAGES } from '../../device/language';
import { useAnnounce } from '../feedback/live-announcer';
import { LoadState } from './load-state';
import {
  errorsByField,
  firstErrorField,
  formFromProfile,
  profileFromForm,
  type Field,
  type FieldErrors,
  type SettingsForm,
} from './settings-form';
import { SettingsLanguages } from './settings-languages';
import { useSessionEndedOn } from './staff-session-provider';
import './settings.css';

export function SettingsScreen() {
  const profile = useQuery(restaurantQuery());
  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      <LoadState query={profile} what="the restaurant’s settings" />
      {profile.data === null && (
        <p className="staff-note">
          This restaurant’s server keeps no profile (it answers the contract’s first version only): the app uses the
          name, currency and locale it was built with.
        </p>
      )}
      {profile.data && <SettingsEditor profile={profile.data} />}
    </section>
  );
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** What the typed code is, in words, or that it is not one (yet). */
function currencyHint(code: string): string {
  const known = CURRENCIES.has(code) ? currencyNames.of(code) : undefined;
  return `Menu prices are in it: an ISO 4217 code such as EUR, USD or GBP. ${known ? `${code} is the ${known}.` : 'Not a currency code yet.'}`;
}

// Time zones by region (the part before the first slash), so that no list is longer than one region's places.
const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
const regionOf = (zone: string) => zone.split('/')[0] ?? zone;
const placeOf = (zone: string) => zone.split('/').slice(1).join(' / ').replace(/_/g, ' ');

/** How a price reads with this currency and locale, or undefined while the locale is not one Intl knows. */
function pricePreview(currency: string, locale: string): string | undefined {
  try {
    return new Intl.NumberFormat(locale.trim() || 'en', { style: 'currency', currency }).format(1234.5);
  } catch {
    return undefined;
  }
}

function SettingsEditor({ profile }: { profile: Restaurant }) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const base = useId();
  const idOf = (field: Field | 'form') => `${base}-${field.replace(/\./g, '-')}`;
  const [form, setForm] = useState<SettingsForm>(() => formFromProfile(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('');
  // Bumped by every submit with errors, so focus goes to the first one even when the errors are the same as before.
  const [attempt, setAttempt] = useState(0);

  const appliesTo = useMemo(
    () => [
      <option key="all" value="all">
        The whole bill
      </option>,
      <option key="food" value="food">
        Food only, not drinks
      </option>,
    ],
    [],
  );

  const save = useMutation({
    mutationFn: (next: Restaurant) => saveRestaurant(next),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.restaurant, saved);
      setForm(formFromProfile(saved));
      setErrors({});
      setStatus('Settings saved. Open screens, the guests’ included, show them now.');
      announce('Settings saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      const fields = error instanceof ApiError ? errorsByField(error.fields) : {};
      setErrors(Object.keys(fields).length > 0 ? fields : { form: `Could not save: ${error.message}` });
      setStatus('');
      setAttempt((count) => count + 1);
    },
  });
  useSessionEndedOn(save.error);

  useEffect(() => {
    const field = firstErrorField(errors);
    if (field) document.getElementById(idOf(field))?.focus();
    // idOf is stable for a mounted form (useId); only a new round of errors moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  function change<K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) {
    setForm((previous) => ({ ...previous, [key]: value }));
    setStatus('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = profileFromForm(form);
    if ('errors' in result) {
      setErrors(result.errors);
      setStatus('');
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    setStatus('Saving…');
    save.mutate(result.profile);
  }

  const field = (name: Field) => ({
    id: idOf(name),
    error: errors[name],
    errorId: `${idOf(name)}-error`,
  });
  const preview = pricePreview(form.currency, form.locale);

  return (
    <form className="settings__form" onSubmit={submit} noValidate aria-describedby={`${base}-intro`}>
      <p id={`${base}-intro`} className="settings__intro">
        What guests and staff see of the restaurant. Saving changes every open screen at once, guests’ phones included.
      </p>
      {errors.form && (
        <p id={idOf('form')} className="staff-error" role="alert" tabIndex={-1}>
          {errors.form}
        </p>
      )}

      <fieldset className="settings__group">
        <legend>The restaurant</legend>
        <TextField
          {...field('name')}
          label="Name"
          hint="In the header of every screen, the page’s title and the installed app’s name."
          value={form.name}
          maxLength={RESTAURANT_LIMITS.nameLength}
          autoComplete="organization"
          onChange={(value) => change('name', value)}
        />
        <TextField
          {...field('currency')}
          label="Currency"
          hint={currencyHint(form.currency)}
          value={form.currency}
          maxLength={3}
          spellCheck={false}
          autoCapitalize="characters"
          onChange={(value) => change('currency', value.toUpperCase())}
        />
        <TextField
          {...field('locale')}
          label="Locale"
          hint={`How numbers and prices read in the restaurant’s own language, such as en-US or es-ES. ${
            preview ? `A price reads like ${preview}.` : 'Not a locale yet.'
          }`}
          value={form.locale}
          maxLength={35}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(value) => change('locale', value)}
        />
        <TimeZoneField
          {...field('time_zone')}
          label="Time zone"
          hint="Order times, opening hours and the business day are in it."
          value={form.timeZone}
          onChange={(value) => change('timeZone', value)}
        />
        <TextField
          {...field('day_starts_at')}
          label="The business day starts at"
          hint="Orders before this time count for the day before, so a service that ends after midnight is one day."
          type="time"
          value={form.dayStartsAt}
          onChange={(value) => change('dayStartsAt', value)}
        />
      </fieldset>

      <SettingsLanguages
        {...field('languages')}
        languages={form.languages}
        appLanguages={LANGUAGES}
        max={RESTAURANT_LIMITS.languages}
        onChange={(languages) => change('languages', languages)}
      />

      <fieldset className="settings__group">
        <legend>Tax</legend>
        <TextField
          {...field('tax.rate')}
          label="Tax rate (%)"
          hint="Such as 10 or 7.5; 0 when prices carry none."
          value={form.taxPercent}
          inputMode="decimal"
          onChange={(value) => change('taxPercent', value)}
        />
        <CheckField
          {...field('tax.included')}
          label="Menu prices include tax"
          checked={form.taxIncluded}
          onChange={(checked) => change('taxIncluded', checked)}
        />
      </fieldset>

      <fieldset className="settings__group" aria-describedby={`${idOf('service_charge')}-hint`}>
        <legend>Service charge</legend>
        <p id={`${idOf('service_charge')}-hint`} className="settings__hint">
          Added to the bill by the restaurant, apart from tips.
        </p>
        <div className="settings__choices">
          <label className="staff-switch">
            <input
              type="radio"
              id={idOf('service_charge')}
              name={`${base}-service`}
              checked={!form.serviceCharge}
              onChange={() => change('serviceCharge', false)}
            />
            None
          </label>
          <label className="staff-switch">
            <input
              type="radio"
              name={`${base}-service`}
              checked={form.serviceCharge}
              onChange={() => change('serviceCharge', true)}
            />
            A service charge
          </label>
        </div>
        <FieldError {...field('service_charge')} />
        {form.serviceCharge && (
          <>
            <TextField
              {...field('service_charge.rate')}
              label="Service charge (%)"
              value={form.servicePercent}
              inputMode="decimal"
              onChange={(value) => change('servicePercent', value)}
            />
            <SelectField
              {...field('service_charge.applies_to')}
              label="Charged on"
              value={form.serviceAppliesTo}
              options={appliesTo}
              onChange={(value) => change('serviceAppliesTo', value as 'food' | 'all')}
            />
          </>
        )}
      </fieldset>

      <fieldset className="settings__group">
        <legend>Tips</legend>
        <CheckField
          {...field('tips')}
          label="Guests may leave a tip when they pay"
          checked={form.tips}
          onChange={(checked) => change('tips', checked)}
        />
        {form.tips && (
          <>
            <TextField
              {...field('tips.presets')}
              label="Suggested tips (%)"
              hint={`Up to ${RESTAURANT_LIMITS.tipPresets}, separated by commas, such as 10, 15, 20; empty for none.`}
              value={form.tipPresets}
              inputMode="decimal"
              onChange={(value) => change('tipPresets', value)}
            />
            <CheckField
              {...field('tips.custom')}
              label="Guests may type a tip of their own"
              checked={form.tipsCustom}
              onChange={(checked) => change('tipsCustom', checked)}
            />
          </>
        )}
      </fieldset>

      <fieldset className="settings__group">
        <legend>Printed QR codes</legend>
        <TextField
          {...field('public_url')}
          label="Public address"
          hint="What a guest’s phone opens when it scans a table’s code: the address of this app on the internet, such as https://order.example.com."
          type="url"
          value={form.publicUrl}
          placeholder="https://order.example.com"
          spellCheck={false}
          autoCapitalize="none"
          onChange={(value) => change('publicUrl', value)}
        />
        {form.publicUrl.trim() === '' && (
          <p className="staff-note">
            Not set: codes printed now open this browser’s address ({window.location.origin}), which guests’ phones may
            not reach.
          </p>
        )}
      </fieldset>

      <div className="settings__actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
        <p role="status" className="settings__status">
          {status}
        </p>
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  errorId: string;
  error: string | undefined;
  label: string;
  hint?: string;
}

function describedBy(props: FieldProps): string | undefined {
  const ids = [props.hint ? `${props.id}-hint` : '', props.error ? props.errorId : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldError({ error, errorId }: { error: string | undefined; errorId: string }) {
  if (!error) return null;
  return (
    <p id={errorId} className="staff-error settings__error">
      {error}
    </p>
  );
}

function FieldBox(props: FieldProps & { children: ReactNode }) {
  return (
    <div className="staff-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.hint && (
        <p id={`${props.id}-hint`} className="settings__hint">
          {props.hint}
        </p>
      )}
      {props.children}
      <FieldError error={props.error} errorId={props.errorId} />
    </div>
  );
}

type InputAttributes = Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  'type' | 'maxLength' | 'inputMode' | 'placeholder' | 'spellCheck' | 'autoCapitalize' | 'autoComplete'
>;

function TextField(props: FieldProps & InputAttributes & { value: string; onChange: (value: string) => void }) {
  const { id, errorId, error, label, hint, value, onChange, ...attributes } = props;
  return (
    <FieldBox id={id} errorId={errorId} error={error} label={label} hint={hint}>
      <input
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(event.target.value)}
        {...attributes}
      />
    </FieldBox>
  );
}

function SelectField(
  props: FieldProps & {
    value: string;
    /** The `<option>` elements, made once by the caller. */
    options: ReactNode;
    onChange: (value: string) => void;
  },
) {
  const { id, errorId, error, label, hint, value, options: choices, onChange } = props;
  return (
    <FieldBox id={id} errorId={errorId} error={error} label={label} hint={hint}>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices}
      </select>
    </FieldBox>
  );
}

/** A region, then a place in it: every IANA zone the browser knows, in lists a keyboard can go through. */
function TimeZoneField(props: FieldProps & { value: string; onChange: (zone: string) => void }) {
  const { id, errorId, error, label, hint, value, onChange } = props;
  const region = regionOf(value);
  const zones = useMemo(() => (ZONES.includes(value) ? ZONES : [value, ...ZONES]), [value]);
  const regions = useMemo(() => [...new Set(zones.map(regionOf))], [zones]);
  const places = useMemo(() => zones.filter((zone) => regionOf(zone) === region && zone !== region), [zones, region]);
  return (
    <div className="staff-field settings__zone">
      <label htmlFor={id}>{label}: region</label>
      {hint && (
        <p id={`${id}-hint`} className="settings__hint">
          {hint}
        </p>
      )}
      <select
        id={id}
        value={region}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => {
          const next = event.target.value;
          onChange(zones.find((zone) => regionOf(zone) === next && zone !== next) ?? next);
        }}
      >
        {regions.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {places.length > 0 && (
        <>
          <label htmlFor={`${id}-place`}>{label}: place</label>
          <select id={`${id}-place`} value={value} onChange={(event) => onChange(event.target.value)}>
            {places.map((zone) => (
              <option key={zone} value={zone}>
                {placeOf(zone)}
              </option>
            ))}
          </select>
        </>
      )}
      <FieldError error={error} errorId={errorId} />
    </div>
  );
}

function CheckField(props: Omit<FieldProps, 'hint'> & { checked: boolean; onChange: (checked: boolean) => void }) {
  const { id, errorId, error, label, checked, onChange } = props;
  return (
    <div className="settings__check">
      <label className="staff-switch">
        <input
          type="checkbox"
          id={id}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      <FieldError error={error} errorId={errorId} />
    </div>
  );
}
