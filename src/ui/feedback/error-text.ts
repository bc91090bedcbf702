// A provider call's failure in the guest's words: the app's own explanation for the kinds it knows, in the guest's
// language, and the provider's reason for a refusal that explains itself.
import { errorWording, type ErrorWording } from '../../api/errors';
import { t } from '../i18n/i18n';

/** The app's explanation of one kind of failure. */
export function errorText(kind: ErrorWording): string {
  return t(`error.${kind}`);
}

/** What to tell a guest, in plain words (a refusal's own message when the provider gave one). */
export function describeApiError(error: unknown): string {
  const kind = errorWording(error);
  return kind === null ? (error as Error).message : errorText(kind);
}
