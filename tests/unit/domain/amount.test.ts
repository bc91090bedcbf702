// Typed amounts into cents in the restaurant's locale: each locale's decimal separator and a plain dot, Arabic digits,
// what is refused (and why), and the prefilled text read back to the same cents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from '../../../src/domain/amount';

const cents = (text: string, locale: string) => parseAmount(text, locale);

describe('reading a typed amount', () => {
  it('takes the locale’s decimal separator and a plain dot', () => {
    expect(cents('5.50', 'en-US')).toEqual({ ok: true, cents: 550 });
    expect(cents('5,50', 'es-ES')).toEqual({ ok: true, cents: 550 });
    expect(cents('5.50', 'es-ES')).toEqual({ ok: true, cents: 550 });
    expect(cents('1,5', 'de-DE')).toEqual({ ok: true, cents: 150 });
    expect(cents('18,87', 'de-DE')).toEqual({ ok: true, cents: 1887 });
    expect(cents('12.3', 'ar')).toEqual({ ok: true, cents: 1230 });
  });

  it('takes whole amounts, a leading or trailing separator, spaces and direction marks', () => {
    expect(cents('10', 'en-US')).toEqual({ ok: true, cents: 1000 });
    expect(cents(' 7 ', 'es-ES')).toEqual({ ok: true, cents: 700 });
    expect(cents(',5', 'es-ES')).toEqual({ ok: true, cents: 50 });
    expect(cents('5.', 'en-US')).toEqual({ ok: true, cents: 500 });
    expect(cents('0', 'en-US')).toEqual({ ok: true, cents: 0 });
    expect(cents('\u200F12.50', 'ar')).toEqual({ ok: true, cents: 1250 });
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(cents('١٨٫٨٧', 'ar')).toEqual({ ok: true, cents: 1887 });
    expect(cents('١٠', 'ar')).toEqual({ ok: true, cents: 1000 });
    expect(cents('۱۲.۵', 'ar')).toEqual({ ok: true, cents: 1250 });
    expect(cents('١٨٫٨٧', 'en-US')).toEqual({ ok: true, cents: 1887 });
  });

  it('says why it refuses what is not an amount', () => {
    expect(cents('', 'en-US')).toEqual({ ok: false, problem: 'empty' });
    expect(cents('   ', 'es-ES')).toEqual({ ok: false, problem: 'empty' });
    expect(cents('-1', 'en-US')).toEqual({ ok: false, problem: 'negative' });
    expect(cents('−2,50', 'es-ES')).toEqual({ ok: false, problem: 'negative' });
    expect(cents('5,50', 'en-US')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('abc', 'es-ES')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('€5', 'es-ES')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('5 €', 'es-ES')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('.', 'en-US')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('1.2.3', 'en-US')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('1,234.50', 'en-US')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('1.234,50', 'es-ES')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('1e3', 'en-US')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(cents('5.555', 'en-US')).toEqual({ ok: false, problem: 'too_precise' });
    // Fifteen hundred in Spain, one and a half in the US: never guessed.
    expect(cents('1.500', 'es-ES')).toEqual({ ok: false, problem: 'too_precise' });
    expect(cents('9999999999999', 'en-US')).toEqual({ ok: false, problem: 'too_large' });
  });

  it('takes the restaurant currency’s sign as the locale writes it, before or after, and no other', () => {
    const read = (text: string, locale: string, currency: string) => parseAmount(text, locale, currency);
    expect(read('$10', 'en-US', 'USD')).toEqual({ ok: true, cents: 1000 });
    expect(read('10$', 'en-US', 'USD')).toEqual({ ok: true, cents: 1000 });
    expect(read('USD 5.50', 'en-US', 'USD')).toEqual({ ok: true, cents: 550 });
    expect(read('10,50 €', 'es-ES', 'EUR')).toEqual({ ok: true, cents: 1050 });
    expect(read('€7', 'es-ES', 'EUR')).toEqual({ ok: true, cents: 700 });
    expect(read('10 US$', 'es-ES', 'USD')).toEqual({ ok: true, cents: 1000 });
    expect(read('£3', 'en-GB', 'GBP')).toEqual({ ok: true, cents: 300 });
    expect(read('-$5', 'en-US', 'USD')).toEqual({ ok: false, problem: 'negative' });
    expect(read('$-5', 'en-US', 'USD')).toEqual({ ok: false, problem: 'negative' });
    expect(read('$', 'en-US', 'USD')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(read('$$10', 'en-US', 'USD')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(read('€10', 'en-US', 'USD')).toEqual({ ok: false, problem: 'not_a_number' });
  });

  it('prefills in the locale’s format, which reads back to the same cents', () => {
    expect(amountText(1887, 'en-US')).toBe('18.87');
    expect(amountText(1887, 'es-ES')).toBe('18,87');
    expect(amountText(145_000, 'de-DE')).toBe('1450,00');
    expect(amountText(1450, 'en-US')).toBe('14.50');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_00 }),
        fc.constantFrom('en-US', 'es-ES', 'de-DE', 'ar', 'ar-EG', 'fr-FR', 'de-CH'),
        (amount, locale) => {
          expect(parseAmount(amountText(amount, locale), locale)).toEqual({ ok: true, cents: amount });
        },
      ),
    );
  });
});
