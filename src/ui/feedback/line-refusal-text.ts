// A refused line's reason in the guest's language: the contract's reasons (contract/line-refusals.ts) have words of
// their own in every catalog; any other (a choice, a limit) is shown as the provider wrote it.
import { lineRefusalOf, type LineRefusal } from '../../../contract/line-refusals';
import { t, type MessageId } from '../i18n/i18n';

const WORDS: Record<LineRefusal, MessageId> = {
  unknown: 'line.refusal.unknown',
  gone: 'line.refusal.gone',
  soldOut: 'line.refusal.soldOut',
  hours: 'line.refusal.hours',
};

/** The reason in the guest's words, or undefined for one in the provider's own words. */
export function wordedRefusal(reason: string): string | undefined {
  const kind = lineRefusalOf(reason);
  return kind === undefined ? undefined : t(WORDS[kind]);
}

export const lineRefusalText = (reason: string): string => wordedRefusal(reason) ?? reason;

/** Every reason is one the app has words for: the lines marked say it all, and the provider's English need not. */
export const allWorded = (reasons: readonly string[]) =>
  reasons.length > 0 && reasons.every((reason) => lineRefusalOf(reason) !== undefined);
