// The console's calls as data (contract v1.1 "Staff sessions" and "The restaurant's calls"): sign-in, accounts, the board.
import * as z from 'zod/mini';
import { orderIdSchema } from '../guest';
import { orderSchema } from '../orders';
import { kitchenOrdersSchema, stationNameSchema } from '../kitchen';
import {
  accountChangeSchema,
  cancelOrderSchema,
  moveOrderSchema,
  newStaffAccountSchema,
  passwordChangeSchema,
  signInSchema,
  STAFF_LIMITS,
  staffAccountSchema,
  staffAccountsSchema,
  staffNameSchema,
  staffSessionSchema,
} from '../staff';
import { noSuchOrder, notJson, notManager } from './answers';
import { operations } from './operation';

export const staffOperations = operations([
  {
    operationId: 'signIn',
    method: 'post',
    path: '/staff/session',
    summary: 'Sign in to the console',
    description:
      'Opens a session of 12 hours, kept in the `staff_session` cookie (HttpOnly, SameSite=Strict, Path=/api/v1, Secure over https). Each attempt is counted before the password is checked. After 5 failures for one account (30 from one address), each further attempt waits longer, up to 15 minutes; a device that signed in to the account before (the `staff_device` cookie) keeps a count of its own, so an attacker elsewhere cannot lock the real person out.',
    since: '1.1',
    access: ['guest'],
    tags: ['staff'],
    body: { schema: signInSchema },
    responses: {
      201: {
        description: 'Signed in.',
        schema: staffSessionSchema,
        headers: {
          'Set-Cookie': { description: 'The session: `staff_session=…; HttpOnly; SameSite=Strict; Path=/api/v1`.' },
        },
      },
      400: notJson,
      401: { description: '`bad_credentials`: that name and password do not match an account.' },
      422: { description: 'A name or password of the wrong shape.' },
      429: {
        description: '`too_many_attempts`: too many failed sign-ins for this account or from this address.',
        headers: { 'Retry-After': { description: 'Seconds until sign-in is accepted again.' } },
      },
    },
  },
  {
    operationId: 'getStaffSession',
    method: 'get',
    path: '/staff/session',
    summary: 'Who is signed in',
    since: '1.1',
    access: ['staff'],
    tags: ['staff'],
    responses: { 200: { description: 'The session’s name, role and end.', schema: staffSessionSchema } },
  },
  {
    operationId: 'signOut',
    method: 'delete',
    path: '/staff/session',
    summary: 'Sign out',
    description:
      'Ends the session on the provider and clears the cookie. Answers 204 whether or not a session was open.',
    since: '1.1',
    access: ['guest'],
    tags: ['staff'],
    responses: {
      204: {
        description: 'Signed out.',
        headers: { 'Set-Cookie': { description: 'Clears `staff_session` (`Max-Age=0`).' } },
      },
    },
  },
  {
    operationId: 'listStaffAccounts',
    method: 'get',
    path: '/staff/accounts',
    summary: 'The staff accounts',
    since: '1.1',
    access: ['manager'],
    tags: ['staff'],
    responses: {
      200: { description: 'Every account’s name and role.', schema: staffAccountsSchema },
      403: notManager,
    },
  },
  {
    operationId: 'addStaffAccount',
    method: 'post',
    path: '/staff/accounts',
    summary: 'Add a staff account',
    since: '1.1',
    access: ['manager'],
    tags: ['staff'],
    body: { schema: newStaffAccountSchema },
    responses: {
      201: { description: 'Added.', schema: staffAccountSchema },
      400: notJson,
      403: notManager,
      409: { description: '`exists`: there is already an account of that name.' },
      422: {
        description: `A name of the wrong shape, a password under ${STAFF_LIMITS.passwordLength.min} characters, or an unknown role.`,
      },
    },
  },
  {
    operationId: 'removeStaffAccount',
    method: 'delete',
    path: '/staff/accounts/{name}',
    summary: 'Remove a staff account (its sessions end at once)',
    since: '1.1',
    access: ['manager'],
    tags: ['staff'],
    params: { name: z.string() },
    responses: {
      204: { description: 'Removed.' },
      403: notManager,
      404: { description: 'No account of that name.' },
      409: { description: '`not_editable`: a manager cannot remove the account they are signed in with.' },
    },
  },
  {
    operationId: 'listBoardOrders',
    method: 'get',
    path: '/staff/orders',
    summary: 'The kitchen board: open orders oldest first, or all recent ones; one station’s tickets',
    since: '1.1',
    access: ['staff'],
    tags: ['kitchen'],
    query: z.object({
      status: z.optional(z.enum(['open', 'all'])),
      limit: z.optional(z.int().check(z.minimum(1), z.maximum(STAFF_LIMITS.ordersLimitMax))),
      station: z.optional(stationNameSchema),
    }),
    responses: {
      200: {
        description:
          '`open` (the default): received, preparing and ready, oldest first. `all`: the most recent, newest first. At most `limit` (default 100). Each order carries `stations`, every station it touches (v1.2). With `station` (v1.2): only orders with something still to do there (a line to make, or a removed line or a cancelled order’s line it has not bumped), each with only that station’s lines.',
        schema: kitchenOrdersSchema,
      },
      400: {
        description: '`status` is not `open` or `all`, `limit` is out of range, or `station` is not a station name.',
      },
    },
  },
  {
    operationId: 'moveOrder',
    method: 'post',
    path: '/staff/orders/{orderID}/status',
    summary: 'Move an order one step on (received → preparing → ready → served)',
    since: '1.1',
    access: ['staff'],
    tags: ['kitchen'],
    params: { orderID: orderIdSchema },
    body: { schema: moveOrderSchema },
    responses: {
      200: { description: 'Moved: the order.', schema: orderSchema },
      400: notJson,
      404: noSuchOrder,
      409: { description: '`stale`: the order is no longer in `from` (another device moved it first).' },
      422: { description: '`to` is not the step after `from`.' },
    },
  },
  {
    operationId: 'cancelOrder',
    method: 'post',
    path: '/staff/orders/{orderID}/cancel',
    summary: 'Cancel an order, with a reason the guest sees',
    since: '1.1',
    access: ['staff'],
    tags: ['kitchen'],
    params: { orderID: orderIdSchema },
    body: { schema: cancelOrderSchema },
    responses: {
      200: { description: 'Cancelled: the order with `cancel_reason`.', schema: orderSchema },
      400: notJson,
      404: noSuchOrder,
      409: { description: 'The order is already served or cancelled.' },
      422: { description: 'No reason, or one over 200 characters.' },
    },
  },
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
      400: notJson,
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
      400: notJson,
      401: { description: 'Signed out.' },
      403: { description: 'Signed in, but not as a manager.' },
      404: { description: 'No account of that name.' },
      409: { description: '`not_editable`: one’s own account (use PUT staff/session/password).' },
      422: { description: 'Neither a password nor a role, a password under 10 characters, or an unknown role.' },
    },
  },
]);
