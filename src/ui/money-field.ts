// Money fields: what is typed is read, and a field is prefilled, in the locale money is shown in (format.ts), so a
// field reads "18,87" beside a label saying "18,87 €".
import { currentLanguage } from '../device/language';
import { amountText, parseAmount, type TypedAmount } from '../domain/amount';
import { currentFormats, localeOf } from './format';

const locale = () => localeOf(currentLanguage());

export const readAmount = (text: string): TypedAmount => parseAmount(text, locale(), currentFormats().currency);

export const amountForField = (cents: number): string => amountText(cents, locale());
