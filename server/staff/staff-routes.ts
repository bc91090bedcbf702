// The restaurant's calls under /api/v1/staff: thin HTTP over the staff store, the board rules and the floor.
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { StaffRole, StaffSession } from '../../contract/staff';
import { parseJsonBody } from '../api/request-parsing';
import type { Database } from '../db/database';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle';
import { badCredentials, cannotRemoveSelf, forbidden, signedOut, tooManyAttempts } from './staff-errors';
import { addMenuRoutes } from '../menu/menu-routes';
import { cancelOrder, listBoardOrders, moveOrder } from './staff-orders';
import {
  parseBoardQuery,
  parseCancel,
  parseMove,
  parseNewAccount,
  parseSignIn,
  pathOrderId,
  sessionCookie,
  sessionToken,
} from './staff-parsing';
import {
  addAccount,
  checkPassword,
  closeSession,
  findSession,
  listAccounts,
  openSession,
  removeAccount,
} from './staff-store';

export interface StaffRouteDeps {
  db: Database;
  now?: () => Date;
  throttle?: SignInThrottle;
}

/** The client's address as the socket saw it; proxies' headers are not trusted, since anyone can send them. */
function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:';
const bodyOf = async (c: Context) => parseJsonBody(await c.req.text());

export function createStaffRoutes({ db, now = () => new Date(), throttle = createSignInThrottle() }: StaffRouteDeps) {
  const staff = new Hono();

  async function session(c: Context, role?: StaffRole, what = 'do this'): Promise<StaffSession> {
    const token = sessionToken(c.req.header('Cookie'));
    const found = token === undefined ? undefined : await findSession(db, token, now());
    if (!found) throw signedOut();
    if (role === 'manager' && found.role !== 'manager') throw forbidden(what);
    return found;
  }

  staff.post('/session', async (c) => {
    const { name, password } = parseSignIn(await bodyOf(c));
    const client = clientAddress(c);
    const wait = throttle.retryAfter(name, client);
    if (wait > 0) throw tooManyAttempts(wait);
    const account = await checkPassword(db, name, password);
    if (!account) {
      throttle.failed(name, client);
      throw badCredentials();
    }
    throttle.succeeded(name);
    const { token, ...signedIn } = await openSession(db, account, now());
    const seconds = (Date.parse(signedIn.expires_at) - now().getTime()) / 1000;
    c.header('Set-Cookie', sessionCookie(token, seconds, isHttps(c)));
    return c.json(signedIn, 201);
  });

  staff.get('/session', async (c) => c.json(await session(c)));

  staff.delete('/session', async (c) => {
    const token = sessionToken(c.req.header('Cookie'));
    if (token !== undefined) await closeSession(db, token);
    c.header('Set-Cookie', sessionCookie('', 0, isHttps(c)));
    return c.body(null, 204);
  });

  staff.get('/accounts', async (c) => {
    await session(c, 'manager', 'see the staff accounts');
    return c.json(await listAccounts(db));
  });

  staff.post('/accounts', async (c) => {
    await session(c, 'manager', 'add staff accounts');
    const { name, password, role } = parseNewAccount(await bodyOf(c));
    return c.json(await addAccount(db, name, password, role), 201);
  });

  staff.delete('/accounts/:name', async (c) => {
    const me = await session(c, 'manager', 'remove staff accounts');
    const name = c.req.param('name');
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
