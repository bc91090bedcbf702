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

export function lineRefusalText(reason: string): string {
  const kind = lineRefusalOf(reason);
  return kind === undefined ? reason : t(WORDS[kind]);
}

/** Every reason is one the app has words for: the lines marked say it all, and the provider's English need not. */
export const allWorded = (reasons: readonly string[]) =>
  reasons.length > 0 && reasons.every((reason) => lineRefusalOf(reason) !== undefined);
