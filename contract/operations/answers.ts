// The error answers the areas' calls share, worded once, so a call's 400/401/403 read the same wherever they apply.
import { errorBodySchema } from '../guest';
import type { OperationResponse } from './operation';

/** An error answer: the contract's error body, with what went wrong in words. */
export const error = (description: string): OperationResponse => ({ description, schema: errorBodySchema });

/** 400: a call that takes a JSON body got something else. */
export const notJson = error('The body is not JSON.');
/** 415: a call that takes a JSON body got one labelled as another type. */
export const notJsonType = error('The body is labelled as something other than JSON.');
/** 401: a guest call without the app's bearer token. */
export const noBearer = error('No or wrong bearer token.');
/** 401: a console call without a staff session. */
export const signedOut = error('Not signed in.');
/** 403: a manager's call made by a kitchen or waiter account. */
export const notManager = error('Signed in, but not as a manager.');
