// The contract's error answers as one throwable type, shared by the real provider and the MSW fake.
import { ERROR_CODES, TABLE_KEY_ERROR_CODE, type ErrorBody } from '../../contract/guest';

export type ErrorStatus = keyof typeof ERROR_CODES;

/** Bad fields by path in the request (`items.0.menu_id`, `table_id`, `orderID`…), each with a short reason. */
export type FieldErrors = Record<string, string>;

export interface ErrorExtras {
  /** A code of its own instead of the status's usual one (403 `table_key`). */
  code?: string;
  /** Headers the answer must carry (`Retry-After` on 429, `Allow` on 405). */
  headers?: Record<string, string>;
  /** Seconds before a retry may succeed: answered as `Retry-After` (429 too many attempts). */
  retryAfterSeconds?: number;
}

export class ProviderError extends Error {
  readonly status: ErrorStatus;
  readonly fields: FieldErrors | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly #code: string | undefined;

  constructor(status: ErrorStatus, message: string, fields?: FieldErrors, extras: ErrorExtras = {}) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
    this.fields = fields && Object.keys(fields).length > 0 ? fields : undefined;
    this.headers = {
      ...(extras.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.ceil(extras.retryAfterSeconds)) }),
      ...extras.headers,
    };
    this.#code = extras.code;
  }

  get code(): string {
    return this.#code ?? ERROR_CODES[this.status];
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new ProviderError(400, message, fields);
export const unauthorized = () =>
  new ProviderError(401, 'A valid access token is required: send Authorization: Bearer <token>');
export const notFound = (message: string) => new ProviderError(404, message);
export const notEditable = (message: string) => new ProviderError(409, message);
export const payloadTooLarge = (maxBytes: number, what = 'The request body is too large') =>
  new ProviderError(413, `${what} (at most ${Math.floor(maxBytes / 1024)} KiB)`);
export const forbidden = (message: string) => new ProviderError(403, message);
export const tableKeyRefused = () =>
  new ProviderError(403, 'Please scan the QR code on your table to order from it.', undefined, {
    code: TABLE_KEY_ERROR_CODE,
  });
export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]) =>
  new ProviderError(405, `${path} does not answer ${method}; it answers ${allowed.join(', ')}`, undefined, {
    headers: { Allow: allowed.join(', ') },
  });
export const unsupportedMediaType = (contentType: string) =>
  new ProviderError(415, `Request bodies must be JSON (Content-Type: application/json), not ${contentType}`);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ProviderError(429, message, undefined, { headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) } });
export const invalid = (message: string, fields?: FieldErrors) => new ProviderError(422, message, fields);
export const internal = () => new ProviderError(500, 'Something went wrong on our side. Please try again.');
export const unavailable = () =>
  new ProviderError(503, 'The restaurant is not taking requests right now. Please try again in a moment.');
