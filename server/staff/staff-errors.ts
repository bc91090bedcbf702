// The staff calls' refusals, with the contract's codes (bad_credentials, too_many_attempts, stale…).
import { ProviderError } from '../api/provider-error';

export const badCredentials = () =>
  new ProviderError(401, 'That name and password do not match an account', undefined, { code: 'bad_credentials' });
export const signedOut = () =>
  new ProviderError(401, 'Sign in to the restaurant’s console first (your session has ended or never began)');
export const forbidden = (what: string) =>
  new ProviderError(403, `Only a manager may ${what}`, undefined, { code: 'forbidden' });
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ProviderError(429, `Too many failed sign-ins. Try again in ${Math.ceil(retryAfterSeconds / 60)} min`, undefined, {
    code: 'too_many_attempts',
    retryAfterSeconds,
  });
export const staleMove = (orderID: string, expected: string, actual: string) =>
  new ProviderError(409, `Order ${orderID} is ${actual} now, not ${expected}: someone moved it first`, undefined, {
    code: 'stale',
  });
export const noSuchStep = (from: string, to: string) =>
  new ProviderError(422, `An order cannot go from ${from} to ${to}`, { to: `not the step after ${from}` });
export const cannotCancel = (orderID: string, status: string) =>
  new ProviderError(409, `Order ${orderID} is ${status} and can no longer be cancelled`);
export const accountExists = (name: string) =>
  new ProviderError(409, `There is already an account named ${name}`, { name: 'already taken' }, { code: 'exists' });
export const cannotRemoveSelf = () =>
  new ProviderError(409, 'You cannot remove your own account while signed in with it', undefined, {
    code: 'not_editable',
  });
export const accountNotFound = (name: string) => new ProviderError(404, `There is no account named ${name}`);
export const tableNotFound = (id: number) => new ProviderError(404, `Table ${id} does not exist`);
export const cannotChangeSelf = () =>
  new ProviderError(
    409,
    'Change your own password with PUT staff/session/password (it asks for the current one); your own role stays as it is',
    undefined,
    { code: 'not_editable' },
  );
