// The contract's error answers as one throwable type, shared by the real provider and the MSW fake.
import { ERROR_CODES, type ErrorBody } from '../../src/api/schemas';

export type ErrorStatus = keyof typeof ERROR_CODES;

/** Bad fields by path in the request (`items.0.menu_id`, `table_id`, `orderID`…), each with a short reason. */
export type FieldErrors = Record<string, string>;

/** A more precise code than the status's default (`stale` for a 409), and how long to wait before retrying. */
export interface ProviderErrorOptions {
  code?: string;
  retryAfterSeconds?: number;
}

export class ProviderError extends Error {
  readonly status: ErrorStatus;
  readonly fields: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly #code: string | undefined;

  constructor(status: ErrorStatus, message: string, fields?: FieldErrors, options: ProviderErrorOptions = {}) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
    this.fields = fields && Object.keys(fields).length > 0 ? fields : undefined;
    this.#code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
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
export const payloadTooLarge = (maxBytes: number) =>
  new ProviderError(413, `The request body is too large (at most ${Math.floor(maxBytes / 1024)} KiB)`);
export const invalid = (message: string, fields?: FieldErrors) => new ProviderError(422, message, fields);
export const internal = () => new ProviderError(500, 'Something went wrong on our side. Please try again.');
export const unavailable = () =>
  new ProviderError(503, 'The restaurant is not taking requests right now. Please try again in a moment.');
