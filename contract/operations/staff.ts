// The console's calls as data (contract v1.1 "Staff sessions" and "The restaurant's calls"): sign-in, accounts, the board.
import * as z from 'zod/mini';
import { orderIdSchema, orderSchema, ordersSchema } from '../guest';
import {
  cancelOrderSchema,
  moveOrderSchema,
  newStaffAccountSchema,
  signInSchema,
  STAFF_LIMITS,
  staffAccountSchema,
  staffAccountsSchema,
  staffSessionSchema,
} from '../staff';
import { operations } from './operation';

const notManager = { description: 'Signed in, but not as a manager.' };
const noOrder = { description: 'No such order.' };

export const staffOperations = operations([
  {
    operationId: 'signIn',
    method: 'post',
    path: '/staff/session',
    summary: 'Sign in to the console',
    description:
      'Opens a session of 12 hours, kept in the `staff_session` cookie (HttpOnly, SameSite=Strict, Path=/api/v1, Secure over https). After 5 failures for one account, or 30 from one address, within 15 minutes, sign-in is refused for a while.',
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
      400: { description: 'The body is not JSON.' },
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
      400: { description: 'The body is not JSON.' },
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
    summary: 'The kitchen board: open orders oldest first, or all recent ones',
    since: '1.1',
    access: ['staff'],
    tags: ['kitchen'],
    query: z.object({
      status: z.optional(z.enum(['open', 'all'])),
      limit: z.optional(z.int().check(z.minimum(1), z.maximum(STAFF_LIMITS.ordersLimitMax))),
    }),
    responses: {
      200: {
        description:
          '`open` (the default): received, preparing and ready, oldest first. `all`: the most recent, newest first. At most `limit` (default 100).',
        schema: ordersSchema,
      },
      400: { description: '`status` is not `open` or `all`, or `limit` is out of range.' },
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
      400: { description: 'The body is not JSON.' },
      404: noOrder,
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
      400: { description: 'The body is not JSON.' },
      404: noOrder,
      409: { description: 'The order is already served or cancelled.' },
      422: { description: 'No reason, or one over 200 characters.' },
    },
  },
]);
