// The Settings form's model: the profile as people type it (rates in percent, tip presets as a list) and back, and which
// field each of the provider's field errors belongs to.
import { RESTAURANT_LIMITS, type Restaurant } from '../../../contract/restaurant';

export interface SettingsForm {
  name: string;
  currency: string;
  locale: string;
  /** In order; the first is the restaurant's own. */
  languages: string[];
  timeZone: string;
  taxPercent: string;
  taxIncluded: boolean;
  serviceCharge: boolean;
  servicePercent: string;
  serviceAppliesTo: 'food' | 'all';
  tips: boolean;
  /** Percentages separated by commas: "10, 15, 20". */
  tipPresets: string;
  tipsCustom: boolean;
  publicUrl: string;
  dayStartsAt: string;
}

/** The form's fields, in the order they show: named by the contract's paths, which the provider's 422 uses. */
export const FIELDS = [
  'name',
  'currency',
  'locale',
  'languages',
  'time_zone',
  'tax.rate',
  'tax.included',
  'service_charge',
  'service_charge.rate',
  'service_charge.applies_to',
  'tips',
  'tips.presets',
  'tips.custom',
  'public_url',
  'day_starts_at',
] as const;
export type Field = (typeof FIELDS)[number];
export type FieldErrors = Partial<Record<Field | 'form', string>>;

/** 0.075 → "7.5": what people type, to two decimals of a percent. */
export const percentOf = (rate: number): string => String(Number((rate * 100).toFixed(2)));

export function formFromProfile(profile: Restaurant): SettingsForm {
  return {
    name: profile.name,
    currency: profile.currency,
    locale: profile.locale,
    languages: [...profile.languages],
    timeZone: profile.time_zone,
    taxPercent: percentOf(profile.tax.rate),
    taxIncluded: profile.tax.included,
    serviceCharge: profile.service_charge !== null,
    servicePercent: profile.service_charge ? percentOf(profile.service_charge.rate) : '',
    serviceAppliesTo: profile.service_charge?.applies_to ?? 'all',
    tips: profile.tips !== null,
    tipPresets: profile.tips ? profile.tips.presets.map(percentOf).join(', ') : '',
    tipsCustom: profile.tips?.custom ?? true,
    publicUrl: profile.public_url ?? '',
    dayStartsAt: profile.day_starts_at,
  };
}

/** "7,5 %" or "7.5" → 0.075; undefined when it is not a number. Rounded to two decimals of a percent. */
export function rateOf(typed: string): number | undefined {
  const text = typed.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100) / 10_000;
}

const NOT_A_PERCENTAGE = 'a percentage such as 10 or 7.5';

const percent = (rate: number) => `${percentOf(rate)} %`;

/**
 * The profile to send, or the fields that cannot become one, each in the form's own terms (rates in percent): what
 * the contract's limits say here is said before sending; what only the provider can judge, it judges.
 */
export function profileFromForm(form: SettingsForm): { profile: Restaurant } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Enter the restaurant’s name';
  else if (name.length > RESTAURANT_LIMITS.nameLength) {
    errors.name = `At most ${RESTAURANT_LIMITS.nameLength} characters (this has ${name.length})`;
  }
  const taxRate = rateOf(form.taxPercent);
  if (taxRate === undefined) errors['tax.rate'] = NOT_A_PERCENTAGE;
  else if (taxRate > RESTAURANT_LIMITS.maxTaxRate)
    errors['tax.rate'] = `Tax is at most ${percent(RESTAURANT_LIMITS.maxTaxRate)}`;
  const serviceRate = form.serviceCharge ? rateOf(form.servicePercent) : 0;
  if (serviceRate === undefined) errors['service_charge.rate'] = NOT_A_PERCENTAGE;
  else if (serviceRate > RESTAURANT_LIMITS.maxServiceRate) {
    errors['service_charge.rate'] = `The service charge is at most ${percent(RESTAURANT_LIMITS.maxServiceRate)}`;
  }
  const presetTexts = form.tipPresets
    .split(/[,;]/)
    .map((preset) => preset.trim())
    .filter(Boolean);
  const presets = presetTexts.map(rateOf);
  if (form.tips && presets.some((preset) => preset === undefined)) {
    errors['tips.presets'] = 'percentages separated by commas, such as 10, 15, 20';
  } else if (form.tips && presets.some((preset) => preset! > RESTAURANT_LIMITS.maxTipRate)) {
    errors['tips.presets'] = `A suggested tip is at most ${percent(RESTAURANT_LIMITS.maxTipRate)}`;
  } else if (form.tips && presets.length > RESTAURANT_LIMITS.tipPresets) {
    errors['tips.presets'] = `At most ${RESTAURANT_LIMITS.tipPresets} suggested tips`;
  }
  if (form.languages.length === 0) errors.languages = 'at least one language: the restaurant’s own';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    profile: {
      name,
      currency: form.currency,
      locale: form.locale.trim(),
      languages: form.languages,
      time_zone: form.timeZone,
      public_url: form.publicUrl.trim().replace(/\/+$/, '') || null,
      tax: { rate: taxRate!, included: form.taxIncluded },
      service_charge: form.serviceCharge ? { rate: serviceRate!, applies_to: form.serviceAppliesTo } : null,
      tips: form.tips ? { presets: presets as number[], custom: form.tipsCustom } : null,
      day_starts_at: form.dayStartsAt,
    },
  };
}

/** The form field a provider's field error names (`tips.presets.1` → `tips.presets`); `form` for anything else. */
export function fieldOf(path: string): Field | 'form' {
  let found: Field | 'form' = 'form';
  for (const field of FIELDS) {
    if ((path === field || path.startsWith(`${field}.`)) && (found === 'form' || field.length > found.length)) {
      found = field;
    }
  }
  return found;
}

/** The provider's `fields`, gathered by form field (the first reason for each). */
export function errorsByField(fields: Readonly<Record<string, string>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, reason] of Object.entries(fields)) errors[fieldOf(path)] ??= reason;
  return errors;
}

/** The first field with an error, in the form's order: where focus goes. */
export function firstErrorField(errors: FieldErrors): Field | 'form' | undefined {
  return FIELDS.find((field) => errors[field] !== undefined) ?? (errors.form === undefined ? undefined : 'form');
}
