// The error answers the areas' calls share, worded once, so a call's 400/401/403 read the same wherever they apply.
import { errorBodySchema } from '../guest';
import type { OperationHeader, OperationResponse } from './operation';

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
/** 404: a console call about an order that does not exist. */
export const noSuchOrder = error('No such order.');

/** The header a seated phone sends on the bill's and the table's calls (contract v1.2). */
export const seatingKeyHeader: Record<string, OperationHeader> = {
  'X-Seating-Key': {
    description: 'The key `POST table/seating` gave this phone: it opens the seating it was given for, and no other.',
    required: true,
  },
};
/** 404: a seating key that opens nothing (any more). */
export const noSeating = error(
  'No seating key, or a wrong one (`not_found`); or the key of a seating that has ended, because the table was cleared (`seating_ended`): scan the table’s code again.',
);
