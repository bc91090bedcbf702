// The console's calls as data: staff passwords (contract v1.2 "Staff passwords").
import { accountChangeSchema, passwordChangeSchema, staffAccountSchema, staffNameSchema } from '../staff';
import { operations } from './operation';

export const staffOperations = operations([
  {
    operationId: 'changeMyPassword',
    method: 'put',
    path: '/staff/session/password',
    summary: 'Change my password',
    description:
      'The signed-in person gives their current password and a new one. The current password is checked as a sign-in is (the same throttle, and a known device keeps its own count). Every other session of the account ends at once, and its live streams close; this session goes on.',
    since: '1.2',
    access: ['staff'],
    tags: ['staff'],
    body: { schema: passwordChangeSchema },
    responses: {
      204: { description: 'Changed; every other session of the account has ended.' },
      400: { description: 'The body is not JSON.' },
      401: { description: 'Signed out, or `bad_credentials`: the current password is not this account’s.' },
      422: { description: 'A new password under 10 characters (or over 200), or no current password.' },
      429: { description: '`too_many_attempts`: too many wrong passwords; `Retry-After` says when to try again.' },
      503: { description: 'Too many passwords are being checked at once; try again in a second.' },
    },
  },
  {
    operationId: 'changeStaffAccount',
    method: 'patch',
    path: '/staff/accounts/{name}',
    summary: 'Reset someone’s password or change their role',
    description:
      'A manager gives another account a new password, a new role, or both. Every session of that account ends at once, and its live streams close. One’s own account is changed with PUT staff/session/password (409 here), so the current password is always asked for and the last manager cannot demote themselves.',
    since: '1.2',
    access: ['manager'],
    tags: ['staff'],
    params: { name: staffNameSchema },
    body: { schema: accountChangeSchema },
    responses: {
      200: { description: 'The account as it now is.', schema: staffAccountSchema },
      400: { description: 'The body is not JSON.' },
      401: { description: 'Signed out.' },
      403: { description: 'Signed in, but not as a manager.' },
      404: { description: 'No account of that name.' },
      409: { description: '`not_editable`: one’s own account (use PUT staff/session/password).' },
      422: { description: 'Neither a password nor a role, a password under 10 characters, or an unknown role.' },
    },
  },
]);
