// The spec's error catalogue for provider calls: the ApiError every failure becomes, and how to say it to a guest.
// No zod and no ky here: the query cache, restored before the splash, needs ApiError, and should not have to load them.

/** fetch: the provider could not be reached; timeout: it took too long; parsing: its answer was not what the contract says; http: it answered with an error status. */
export type ApiErrorKind = 'fetch' | 'timeout' | 'parsing' | 'http';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The provider's error code, for `http` errors that carry the contract's error body. */
  readonly code: string | undefined;
  /** Field paths the provider rejected, such as `items.0.menu_id`, with its reason for each. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number; code?: string; fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.fields = details.fields ?? {};
  }

  /** Worth trying again: nothing suggests the same request would fail the same way. */
  get isTransient(): boolean {
    if (this.kind === 'fetch' || this.kind === 'timeout') return true;
    return (
      this.kind === 'http' &&
      this.status !== undefined &&
      (this.status >= 500 || this.status === 408 || this.status === 429)
    );
  }
}

/** A cancelled call (the screen went away): not a failure to report. Checked by name, as DOMException may come from another realm. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** What to tell a guest, in plain words. */
export function describeApiError(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  switch (error.kind) {
    case 'fetch':
      return 'We can’t reach the restaurant right now. Check your connection and try again.';
    case 'timeout':
      return 'The restaurant took too long to answer. Please try again.';
    case 'parsing':
      return 'The restaurant sent an answer we couldn’t read. Please try again in a moment.';
    case 'http':
      if (error.status === 503)
        return 'The restaurant’s ordering system is temporarily unavailable. Please try again shortly.';
      if (error.status !== undefined && error.status >= 500)
        return 'The restaurant’s ordering system had a problem. Please try again.';
      if (error.status === 401)
        return 'This device is not allowed to order from the restaurant. Please ask a member of staff.';
      // Contract v1.1: the provider wants the key of the table's QR code (none was kept, or another table's).
      if (error.code === 'table_key')
        return 'To order, please scan the QR code on your table with this phone. Your cart is kept.';
      if (error.status === 429)
        return 'Your table has sent many orders in the last minute. Please wait a moment, then try again.';
      return error.message;
  }
}
