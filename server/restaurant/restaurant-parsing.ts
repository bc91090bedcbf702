// Reads a manager's new profile: the contract's shape, then what only the runtime can tell (a known currency, time zone and locale).
import { restaurantSchema, type Restaurant } from '../../contract/restaurant';
import { parseWith } from '../api/request-parsing';
import { invalid } from '../api/provider-error';

function knownCurrency(code: string): boolean {
  return Intl.supportedValuesOf('currency').includes(code);
}

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function canonicalLocale(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export function parseRestaurant(body: unknown): Restaurant {
  const profile = parseWith(restaurantSchema, body, 'profile');
  const fields: Record<string, string> = {};
  if (!knownCurrency(profile.currency)) fields.currency = `unknown currency ${profile.currency}`;
  if (!knownTimeZone(profile.time_zone)) fields.time_zone = `unknown time zone ${profile.time_zone}`;
  const locale = canonicalLocale(profile.locale);
  if (!locale) fields.locale = `not a valid locale: ${profile.locale}`;
  if (new Set(profile.languages).size !== profile.languages.length) fields.languages = 'each language once';
  if (profile.tips && new Set(profile.tips.presets).size !== profile.tips.presets.length) {
    fields['tips.presets'] = 'each preset once';
  }
  if (Object.keys(fields).length > 0) throw invalid('The restaurant’s profile has invalid fields', fields);
  return {
    ...profile,
    locale: locale ?? profile.locale,
    tips: profile.tips && { ...profile.tips, presets: [...profile.tips.presets].sort((a, b) => a - b) },
  };
}
