// The restaurant's calls under /api/v1/staff: thin HTTP over the staff store, the board rules and the floor.
import { Hono, type Context } from 'hono';
import type { StaffRole } from '../../contract/staff';
import { parseJsonBody } from '../api/request-parsing';
import type { Database } from '../db/database';
import { clientAddress, isHttps, type ClientInfoOptions } from '../http/client-info';
import type { DeviceCookies } from './device-cookies';
import type { Passwords } from './passwords';
import type { SignInThrottle, ThrottleKey } from './sign-in-throttle';
import { badCredentials, cannotChangeSelf, cannotRemoveSelf, tooManyAttempts } from './staff-errors';
import { addMenuRoutes } from '../menu/menu-routes';
import { cancelOrder, listBoardOrders, moveOrder } from './staff-orders';
import { requireStaff } from './staff-session';
import {
  parseAccountChange,
  parseBoardQuery,
  parseCancel,
  parseMove,
  parseNewAccount,
  parsePasswordChange,
  parseSignIn,
  pathAccountName,
  pathOrderId,
  sessionCookie,
  sessionToken,
} from './staff-parsing';
import {
  addAccount,
  changeAccount,
  closeSession,
  listAccounts,
  openSession,
  passwordHashOf,
  removeAccount,
  type FoundSession,
} from './staff-store';

/** What signing in needs besides the database: the throttle, the password hasher and the known-device cookies. */
export interface StaffSecurity {
  throttle: SignInThrottle;
  passwords: Passwords;
  devices: DeviceCookies;
}

export interface StaffRouteDeps extends StaffSecurity {
  db: Database;
  now?: () => Date;
  clientInfo?: ClientInfoOptions;
}

const bodyOf = async (c: Context) => parseJsonBody(await c.req.text());

export function createStaffRoutes({
  db,
  now = () => new Date(),
  throttle,
  passwords,
  devices,
  clientInfo = {},
}: StaffRouteDeps) {
  const staff = new Hono();

  // The one check every console route makes (and which names the member of staff on the request's log line).
  const session = (c: Context, role?: StaffRole, what?: string): Promise<FoundSession> =>
    requireStaff(db, c, now(), { role: role === 'manager' ? 'manager' : undefined, what });

  /**
   * Checks `password` for the account under the throttle: the attempt is counted before the hash is worked out.
   * A device that signed in to this account before counts only its own failures (OWASP's device cookies); any other
   * counts against the account and against its address. Throws 429 while a count asks to wait, 401 on a mismatch.
   */
  async function checkGuarded(c: Context, name: string, password: string) {
    const device = devices.knownDevice(name, c.req.header('Cookie'));
    const keys: ThrottleKey[] = device
      ? [{ kind: 'device', id: device }]
      : [
          { kind: 'account', id: name.toLowerCase() },
          { kind: 'client', id: clientAddress(c, clientInfo) },
        ];
    const reservation = await throttle.reserve(keys, now());
    if (!reservation.allowed) throw tooManyAttempts(reservation.retryAfterSeconds);
    const account = await passwordHashOf(db, name);
    let matches: boolean;
    try {
      matches = await passwords.verify(password, account?.hash);
    } catch (error) {
      await reservation.cancel();
      throw error;
    }
    if (!matches || !account) throw badCredentials();
    await reservation.succeeded();
    // A new id each time: the device stays known for as long again.
    c.header('Set-Cookie', devices.issue(account.name, isHttps(c, clientInfo)), { append: true });
    return { name: account.name, role: account.role };
  }

  staff.post('/session', async (c) => {
    const { name, password } = parseSignIn(await bodyOf(c));
    const account = await checkGuarded(c, name, password);
    const { token, ...signedIn } = await openSession(db, account, now());
    const seconds = (Date.parse(signedIn.expires_at) - now().getTime()) / 1000;
    c.header('Set-Cookie', sessionCookie(token, seconds, isHttps(c, clientInfo)), { append: true });
    return c.json(signedIn, 201);
  });

  staff.get('/session', async (c) => {
    const { tokenHash: _hash, ...who } = await session(c);
    return c.json(who);
  });

  staff.delete('/session', async (c) => {
    const token = sessionToken(c.req.header('Cookie'));
    if (token !== undefined) await closeSession(db, token);
    c.header('Set-Cookie', sessionCookie('', 0, isHttps(c, clientInfo)));
    return c.body(null, 204);
  });

  // Contract v1.2 "Staff passwords": the current password is checked as a sign-in is (a session left open on a shared
  // tablet must not be enough to take the account); every other session of the account ends.
  staff.put('/session/password', async (c) => {
    const me = await session(c);
    const { current_password, new_password } = parsePasswordChange(await bodyOf(c));
    await checkGuarded(c, me.name, current_password);
    await changeAccount(db, passwords, me.name, { password: new_password }, me.tokenHash);
    return c.body(null, 204);
  });

  staff.get('/accounts', async (c) => {
    await session(c, 'manager', 'see the staff accounts');
    return c.json(await listAccounts(db));
  });

  staff.post('/accounts', async (c) => {
    await session(c, 'manager', 'add staff accounts');
    const { name, password, role } = parseNewAccount(await bodyOf(c));
    return c.json(await addAccount(db, passwords, name, password, role), 201);
  });

  staff.patch('/accounts/:name', async (c) => {
    const me = await session(c, 'manager', 'change staff accounts');
    const name = pathAccountName(c.req.param('name'));
    const change = parseAccountChange(await bodyOf(c));
    // One's own password takes the current one (PUT staff/session/password); one's own role would let the last
    // manager demote themselves.
    if (name === me.name) throw cannotChangeSelf();
    return c.json(await changeAccount(db, passwords, name, change));
  });

  staff.delete('/accounts/:name', async (c) => {
    const me = await session(c, 'manager', 'remove staff accounts');
    const name = pathAccountName(c.req.param('name'));
    if (name === me.name) throw cannotRemoveSelf();
    await removeAccount(db, name);
    return c.body(null, 204);
  });

  staff.get('/orders', async (c) => {
    await session(c);
    return c.json(await listBoardOrders(db, parseBoardQuery(new URL(c.req.url).searchParams)));
  });

  staff.post('/orders/:orderID/status', async (c) => {
    await session(c);
    const orderID = pathOrderId(c.req.param('orderID'));
    const { from, to } = parseMove(await bodyOf(c));
    return c.json(await moveOrder(db, orderID, from, to));
  });

  staff.post('/orders/:orderID/cancel', async (c) => {
    await session(c);
    const orderID = pathOrderId(c.req.param('orderID'));
    const { reason } = parseCancel(await bodyOf(c));
    return c.json(await cancelOrder(db, orderID, reason));
  });

  // The menu's back office (categories, dishes, photos, import and export, audit) and the kitchen's sold-out switch.
  addMenuRoutes(staff, { db, now, session });

  return staff;
}
