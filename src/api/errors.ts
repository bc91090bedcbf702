// The spec's error catalogue for provider calls: the ApiError every failure becomes, and which explanation it needs.
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
  /** The provider's id for the request (`X-Request-Id`), under which its log has the failure. */
  readonly requestId: string | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: {
      status?: number;
      code?: string;
      fields?: Record<string, string>;
      requestId?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.fields = details.fields ?? {};
    this.requestId = details.requestId;
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

/**
 * The kinds of failure a guest is told about in the app's own words (any other refusal is the provider's message);
 * the words are the ui layer's (src/ui/feedback/error-text.ts).
 */
export type ErrorWording =
  'unknown' | 'fetch' | 'timeout' | 'parsing' | 'unavailable' | 'failed' | 'unauthorized' | 'tableKey' | 'tooMany';

/** Which of the app's own explanations fits a failure; null for a refusal that explains itself (its message). */
export function errorWording(error: unknown): ErrorWording | null {
  if (!(error instanceof ApiError)) return 'unknown';
  switch (error.kind) {
    case 'fetch':
    case 'timeout':
    case 'parsing':
      return error.kind;
    case 'http':
      if (error.status === 503) return 'unavailable';
      if (error.status !== undefined && error.status >= 500) return 'failed';
      if (error.status === 401) return 'unauthorized';
      // Contract v1.1: the provider wants the key of the table's QR code (none was kept, or another table's).
      if (error.code === 'table_key') return 'tableKey';
      if (error.status === 429) return 'tooMany';
      return null;
  }
}

/**
 * The reference a guest quotes when asking for help, for a failure on the provider's side (5xx): staff find the
 * request in the provider's log by it. A refusal explains itself and needs none.
 */
export function referenceOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.kind === 'http' && (error.status ?? 0) >= 500 ? error.requestId : undefined;
}
