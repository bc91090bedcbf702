// Money a person types (at the till, a refund, a guest's amount or tip) read into cents, in the restaurant's locale.

export type AmountProblem =
  /** Nothing typed: the caller decides what that means (no tip, the rest). */
  | 'empty'
  /** Not a number in this locale: a letter, another currency's sign, two separators, a thousands separator. */
  | 'not_a_number'
  | 'negative'
  /** More than two decimals (also what "1.500" meaning fifteen hundred reads as, so it is refused, never misread). */
  | 'too_precise'
  /** More digits than any bill holds, and than cents can count exactly. */
  | 'too_large';

export type TypedAmount = { ok: true; cents: number } | { ok: false; problem: AmountProblem };

// Phones with an Arabic keyboard type these digits whatever the locale formats in.
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
// Spaces anywhere, and the direction marks a right-to-left field or a pasted formatted number carries.
const INVISIBLE = /[\s\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
/** The Arabic decimal separator: unambiguous in any locale. */
const ARABIC_DECIMAL = '\u066B';
const MAX_WHOLE_DIGITS = 12;

const separators = new Map<string, string>();
const inputFormats = new Map<string, Intl.NumberFormat>();

/** The decimal separator `locale` writes ("," in es-ES, "." in en-US). */
export function decimalSeparator(locale: string): string {
  let separator = separators.get(locale);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    separators.set(locale, separator);
  }
  return separator;
}

const signs = new Map<string, string[]>();

/** The ways `locale` writes `currency` ("US$", "$", "USD"), longest first, so "US$10" loses all of "US$". */
function currencySigns(locale: string, currency: string): string[] {
  const key = `${locale} ${currency}`;
  let found = signs.get(key);
  if (found === undefined) {
    const written = (['symbol', 'narrowSymbol', 'code'] as const).map(
      (currencyDisplay) =>
        new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay })
          .formatToParts(1)
          .find((part) => part.type === 'currency')
          ?.value.replace(INVISIBLE, '') ?? '',
    );
    found = [...new Set(written.filter((sign) => sign !== ''))].sort((a, b) => b.length - a.length);
    signs.set(key, found);
  }
  return found;
}

/** `plain` without the currency's sign at its start or its end, where money is written with one. */
function withoutSign(plain: string, locale: string, currency: string | undefined): string {
  if (currency === undefined) return plain;
  for (const sign of currencySigns(locale, currency)) {
    if (plain.startsWith(sign)) return plain.slice(sign.length);
    if (plain.endsWith(sign)) return plain.slice(0, -sign.length);
  }
  return plain;
}

/**
 * Cents from what was typed: digits with at most one decimal separator (the locale's, or a plain dot, which every
 * keyboard has) and at most two decimals, with or without `currency`'s sign as the locale writes it ("$10", "10 €").
 * Thousands separators are refused rather than guessed at: "1.500" is fifteen hundred in Spain and one and a half in
 * the US, and a misread amount takes the wrong money.
 */
export function parseAmount(text: string, locale: string, currency?: string): TypedAmount {
  let plain = text.replace(INVISIBLE, '').replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
  if (plain === '') return { ok: false, problem: 'empty' };
  plain = withoutSign(plain, locale, currency);
  const negative = plain.startsWith('-') || plain.startsWith('\u2212');
  if (negative) plain = withoutSign(plain.slice(1), locale, currency);
  const match = /^(\d*)(?:(\D)(\d*))?$/.exec(plain);
  if (!match) return { ok: false, problem: 'not_a_number' };
  const [, whole = '', separator, fraction = ''] = match;
  if (separator !== undefined && separator !== '.' && separator !== ARABIC_DECIMAL) {
    if (separator !== decimalSeparator(locale)) return { ok: false, problem: 'not_a_number' };
  }
  if (whole === '' && fraction === '') return { ok: false, problem: 'not_a_number' };
  if (fraction.length > 2) return { ok: false, problem: 'too_precise' };
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'too_large' };
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (negative && cents > 0) return { ok: false, problem: 'negative' };
  return { ok: true, cents };
}

/** `cents` as a field is prefilled with, and as `parseAmount` reads it back: two decimals, no thousands separator. */
export function amountText(cents: number, locale: string): string {
  let format = inputFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
    inputFormats.set(locale, format);
  }
  return format.format(cents / 100);
}
