// The fake provider's staff calls (contract v1.1): sessions, accounts and the board, in memory (tables: table-handlers.ts; the menu: menu-admin-handlers.ts).
import { http, type HttpHandler } from 'msw';
import { type Order } from '../../contract/orders';
import { kitchenOrderSchema, kitchenOrdersSchema, type KitchenOrder } from '../../contract/kitchen';
import { hasWorkAt, stationsOf, stationView, VOID_SHOWN_HOURS } from '../../src/domain/kitchen';
import {
  staffAccountSchema,
  staffAccountsSchema,
  staffSessionSchema,
  type StaffRole,
  type StaffSession,
} from '../../contract/staff';
import { parseJsonBody } from '../../server/api/request-parsing';
import { orderNotFound } from '../../server/orders/order-checks';
import { ADVANCING_STATUSES, nextStatus } from '../../server/orders/order-rules';
import { createDeviceCookies } from '../../server/staff/device-cookies';
import {
  createMemoryThrottle,
  DEFAULT_THROTTLE,
  type ThrottleKey,
  type ThrottleLimits,
} from '../../server/staff/sign-in-throttle';
import {
  accountExists,
  accountNotFound,
  badCredentials,
  cannotCancel,
  cannotChangeSelf,
  cannotRemoveSelf,
  forbidden,
  noSuchStep,
  signedOut,
  staleMove,
  tooManyAttempts,
} from '../../server/staff/staff-errors';
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
} from '../../server/staff/staff-parsing';
import { SESSION_HOURS } from '../../server/staff/staff-store';

export interface FakeStaffAccount {
  name: string;
  password: string;
  role: StaffRole;
}

/** What the staff handlers need from the rest of the fake. */
export interface FakeStaffContext {
  base: string;
  now: () => Date;
  orders: () => {
    orderID: string;
    table_id: number;
    status: Order['status'];
    cancelReason?: string | null;
    statusChangedAt?: Date;
    updatedAt: Date;
  }[];
  toOrder(orderID: string): KitchenOrder;
  setStatus(orderID: string, status: Order['status'], cancelReason?: string): void;
  route: StaffRoute;
}

/** Wraps a handler of the console's calls: the request's body read, its answer validated and sent (one for every area). */
export type StaffRoute = (
  handle: (request: Request, url: URL, body: string, params: Record<string, string>) => StaffAnswer,
) => (info: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => Promise<Response>;

export interface StaffAnswer {
  status?: number;
  body: unknown;
  schema: { parse(value: unknown): unknown };
  /** A list sends the header once per value (two Set-Cookie at sign-in). */
  headers?: Record<string, string | string[]>;
  /** A body that is not JSON (a CSV), sent as is with the Content-Type its headers give; `body` is then unused. */
  text?: string;
}

/** The fake's accounts unless a test gives others; the contract suite makes the same ones on the real provider. */
export const FAKE_STAFF: FakeStaffAccount[] = [
  { name: 'manager', password: 'manager-password', role: 'manager' },
  { name: 'cook', password: 'cook-password', role: 'kitchen' },
];

export interface FakeStaffOptions {
  accounts?: FakeStaffAccount[];
  /**
   * Let MSW keep the session cookie and send it back, as a browser would (component tests). Off, the fake answers
   * like a server to a plain HTTP client: a request carries exactly the cookies it was given (the contract suite).
   */
  browserCookies?: boolean;
  /** The sign-in throttle's limits (the contract suite makes the first wait long, so a slow run never outwaits it). */
  signIn?: ThrottleLimits;
}

export interface FakeStaff {
  handlers: HttpHandler[];
  accounts: Map<string, FakeStaffAccount>;
  /** Signs the test's browser (jsdom) in as this account, as if the sign-in form had been used. */
  signInBrowser(name: string): void;
  /** True when the request carries a valid session (staff may read and change any order). */
  isStaff(request: Request): boolean;
  /** Ends every session, as expiry would. */
  expireSessions(): void;
  /** How many sessions the account has open (a reset or a removal ends them). */
  sessionsOf(name: string): number;
  /** The request's session, or the contract's 401 (403 when a manager is needed): for the fake's other staff calls. */
  requireSession(request: Request, role?: StaffRole, what?: string): StaffSession;
}

const randomToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function createStaffHandlers(ctx: FakeStaffContext, options: FakeStaffOptions = {}): FakeStaff {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.name, { ...account }]));
  const sessions = new Map<string, { name: string; expiresAt: Date }>();
  const throttle = createMemoryThrottle(options.signIn ?? DEFAULT_THROTTLE);
  const devices = createDeviceCookies('the-fake-provider-device-cookie-secret');

  /** As the provider's checkGuarded: the attempt counted first, a known device counting only its own failures. */
  function checkGuarded(
    request: Request,
    name: string,
    password: string,
  ): { account: FakeStaffAccount; device: string } {
    const device = devices.knownDevice(name, request.headers.get('Cookie'));
    const keys: ThrottleKey[] = device
      ? [{ kind: 'device', id: device }]
      : [
          { kind: 'account', id: name.toLowerCase() },
          { kind: 'client', id: 'fake-client' },
        ];
    const reservation = throttle.reserveNow(keys, ctx.now());
    if (!reservation.allowed) throw tooManyAttempts(reservation.retryAfterSeconds);
    const account = accounts.get(name);
    if (!account || account.password !== password) throw badCredentials();
    reservation.succeeded();
    return { account, device: devices.issue(account.name, false) };
  }

  /** Ends the account's sessions but `keep` (a token). */
  function endSessions(name: string, keep?: string) {
    for (const [token, held] of sessions) if (held.name === name && token !== keep) sessions.delete(token);
  }

  function open(name: string): { token: string; session: StaffSession } {
    const account = accounts.get(name);
    if (!account) throw accountNotFound(name);
    const token = randomToken();
    const expiresAt = new Date(ctx.now().getTime() + SESSION_HOURS * 3_600_000);
    sessions.set(token, { name, expiresAt });
    return { token, session: { name, role: account.role, expires_at: expiresAt.toISOString() } };
  }

  function session(request: Request, role?: StaffRole, what = 'do this'): StaffSession {
    const token = sessionToken(request.headers.get('Cookie'));
    const found = token === undefined ? undefined : sessions.get(token);
    const account = found && accounts.get(found.name);
    if (!found || !account || found.expiresAt <= ctx.now()) throw signedOut();
    if (role === 'manager' && account.role !== 'manager') throw forbidden(what);
    return { name: account.name, role: account.role, expires_at: found.expiresAt.toISOString() };
  }

  const mustHave = (orderID: string) => {
    const order = ctx.orders().find((candidate) => candidate.orderID === orderID);
    if (!order) throw orderNotFound(orderID);
    return order;
  };

  const url = (path: string) => `${ctx.base}/staff${path}`;
  const { route } = ctx;

  const handlers: HttpHandler[] = [
    http.post(
      url('/session'),
      route((request, _url, body) => {
        const { name, password } = parseSignIn(parseJsonBody(body));
        const { account, device } = checkGuarded(request, name, password);
        const { token, session: signedIn } = open(account.name);
        const seconds = (Date.parse(signedIn.expires_at) - ctx.now().getTime()) / 1000;
        return {
          status: 201,
          body: signedIn,
          schema: staffSessionSchema,
          // MSW's cookie store (component tests) keeps no cookie from a response that sets two: there, the session
          // alone, which is what the console needs; a plain HTTP client (the contract suite) gets both.
          headers: {
            'Set-Cookie': options.browserCookies
              ? sessionCookie(token, seconds, false)
              : [device, sessionCookie(token, seconds, false)],
          },
        };
      }),
    ),
    http.get(
      url('/session'),
      route((request) => ({ body: session(request), schema: staffSessionSchema })),
    ),
    http.delete(
      url('/session'),
      route((request) => {
        const token = sessionToken(request.headers.get('Cookie'));
        if (token !== undefined) sessions.delete(token);
        return {
          status: 204,
          body: null,
          schema: { parse: (value) => value },
          headers: { 'Set-Cookie': sessionCookie('', 0, false) },
        };
      }),
    ),
    http.put(
      url('/session/password'),
      route((request, _url, body) => {
        const me = session(request);
        const { current_password, new_password } = parsePasswordChange(parseJsonBody(body));
        const { account, device } = checkGuarded(request, me.name, current_password);
        account.password = new_password;
        endSessions(me.name, sessionToken(request.headers.get('Cookie')));
        return { status: 204, body: null, schema: { parse: (value) => value }, headers: { 'Set-Cookie': device } };
      }),
    ),
    http.patch(
      url('/accounts/:name'),
      route((request, _url, body, params) => {
        const me = session(request, 'manager', 'change staff accounts');
        const name = pathAccountName(params.name ?? '');
        const change = parseAccountChange(parseJsonBody(body));
        if (name === me.name) throw cannotChangeSelf();
        const account = accounts.get(name);
        if (!account) throw accountNotFound(name);
        if (change.password !== undefined) account.password = change.password;
        if (change.role !== undefined) account.role = change.role;
        endSessions(name);
        return { body: { name, role: account.role }, schema: staffAccountSchema };
      }),
    ),
    http.get(
      url('/accounts'),
      route((request) => {
        session(request, 'manager', 'see the staff accounts');
        const list = [...accounts.values()]
          .map(({ name, role }) => ({ name, role }))
          .sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name) : a.role === 'manager' ? -1 : 1));
        return { body: list, schema: staffAccountsSchema };
      }),
    ),
    http.post(
      url('/accounts'),
      route((request, _url, body) => {
        session(request, 'manager', 'add staff accounts');
        const { name, password, role } = parseNewAccount(parseJsonBody(body));
        if (accounts.has(name)) throw accountExists(name);
        accounts.set(name, { name, password, role });
        return { status: 201, body: { name, role }, schema: staffAccountSchema };
      }),
    ),
    http.delete(
      url('/accounts/:name'),
      route((request, _url, _body, params) => {
        const me = session(request, 'manager', 'remove staff accounts');
        const name = pathAccountName(params.name ?? '');
        if (name === me.name) throw cannotRemoveSelf();
        if (!accounts.delete(name)) throw accountNotFound(name);
        endSessions(name);
        return { status: 204, body: null, schema: { parse: (value) => value } };
      }),
    ),
    http.get(
      url('/orders'),
      route((request, requestUrl) => {
        session(request);
        const { status, limit, station } = parseBoardQuery(requestUrl.searchParams);
        const all = ctx.orders();
        // A station also sees a cancelled order's lines it had not finished, struck through, until it bumps them.
        const voidsSince = ctx.now().getTime() - VOID_SHOWN_HOURS * 3_600_000;
        const chosen =
          status === 'open'
            ? all.filter(
                (order) =>
                  ADVANCING_STATUSES.includes(order.status) ||
                  (station !== undefined &&
                    order.status === 'cancelled' &&
                    (order.statusChangedAt ?? order.updatedAt).getTime() > voidsSince),
              )
            : all.slice().reverse();
        const orders = chosen.map((order) => ctx.toOrder(order.orderID));
        const answered =
          station === undefined
            ? orders.map((order) => ({ ...order, stations: stationsOf(order) }))
            : orders.filter((order) => hasWorkAt(order, station)).map((order) => stationView(order, station));
        return { body: answered.slice(0, limit), schema: kitchenOrdersSchema };
      }),
    ),
    http.post(
      url('/orders/:orderID/status'),
      route((request, _url, body, params) => {
        session(request);
        const orderID = pathOrderId(params.orderID ?? '');
        const { from, to } = parseMove(parseJsonBody(body));
        if (nextStatus(from) !== to) throw noSuchStep(from, to);
        const order = mustHave(orderID);
        if (order.status !== from) throw staleMove(orderID, from, order.status);
        ctx.setStatus(orderID, to);
        return { body: ctx.toOrder(orderID), schema: kitchenOrderSchema };
      }),
    ),
    http.post(
      url('/orders/:orderID/cancel'),
      route((request, _url, body, params) => {
        session(request);
        const orderID = pathOrderId(params.orderID ?? '');
        const { reason } = parseCancel(parseJsonBody(body));
        const order = mustHave(orderID);
        if (order.status === 'served' || order.status === 'cancelled') throw cannotCancel(orderID, order.status);
        ctx.setStatus(orderID, 'cancelled', reason);
        return { body: ctx.toOrder(orderID), schema: kitchenOrderSchema };
      }),
    ),
  ];

  return {
    handlers,
    accounts,
    signInBrowser(name) {
      // MSW sends the document's cookies with same-origin requests, as the browser sends the real one. It reads
      // them through document.cookie, which shows only the page's path: hence path=/, not the real /api/v1.
      document.cookie = `staff_session=${open(name).token}; path=/`;
    },
    expireSessions() {
      sessions.clear();
    },
    sessionsOf: (name) => [...sessions.values()].filter((held) => held.name === name).length,
    requireSession: session,
    isStaff(request) {
      try {
        session(request);
        return true;
      } catch {
        return false;
      }
    },
  };
}
