// The fake provider's staff calls (contract v1.1): sessions, accounts and the board, in memory (tables: table-handlers.ts; the menu: menu-admin-handlers.ts).
import { http, type HttpHandler } from 'msw';
import { orderSchema, ordersSchema, type Order } from '../../contract/guest';
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
import { createSignInThrottle } from '../../server/staff/sign-in-throttle';
import {
  accountExists,
  accountNotFound,
  badCredentials,
  cannotCancel,
  cannotRemoveSelf,
  forbidden,
  noSuchStep,
  signedOut,
  staleMove,
  tooManyAttempts,
} from '../../server/staff/staff-errors';
import {
  parseBoardQuery,
  parseCancel,
  parseMove,
  parseNewAccount,
  parseSignIn,
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
  orders: () => { orderID: string; table_id: number; status: Order['status']; cancelReason?: string | null }[];
  toOrder(orderID: string): Order;
  setStatus(orderID: string, status: Order['status'], cancelReason?: string): void;
  route: (
    handle: (request: Request, url: URL, body: string, params: Record<string, string>) => StaffAnswer,
  ) => (info: {
    request: Request;
    params: Record<string, string | readonly string[] | undefined>;
  }) => Promise<Response>;
}

export interface StaffAnswer {
  status?: number;
  body: unknown;
  schema: { parse(value: unknown): unknown };
  headers?: Record<string, string>;
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
  /** The request's session, or the contract's 401 (403 when a manager is needed): for the fake's other staff calls. */
  requireSession(request: Request, role?: StaffRole, what?: string): StaffSession;
}

const randomToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function createStaffHandlers(ctx: FakeStaffContext, options: FakeStaffOptions = {}): FakeStaff {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.name, { ...account }]));
  const sessions = new Map<string, { name: string; expiresAt: Date }>();
  const throttle = createSignInThrottle();

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
      route((_request, _url, body) => {
        const { name, password } = parseSignIn(parseJsonBody(body));
        const wait = throttle.retryAfter(name, 'fake-client');
        if (wait > 0) throw tooManyAttempts(wait);
        const account = accounts.get(name);
        if (!account || account.password !== password) {
          throttle.failed(name, 'fake-client');
          throw badCredentials();
        }
        throttle.succeeded(name);
        const { token, session: signedIn } = open(name);
        const seconds = (Date.parse(signedIn.expires_at) - ctx.now().getTime()) / 1000;
        return {
          status: 201,
          body: signedIn,
          schema: staffSessionSchema,
          headers: { 'Set-Cookie': sessionCookie(token, seconds, false) },
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
        const name = params.name ?? '';
        if (name === me.name) throw cannotRemoveSelf();
        if (!accounts.delete(name)) throw accountNotFound(name);
        for (const [token, held] of sessions) if (held.name === name) sessions.delete(token);
        return { status: 204, body: null, schema: { parse: (value) => value } };
      }),
    ),
    http.get(
      url('/orders'),
      route((request, requestUrl) => {
        session(request);
        const { status, limit } = parseBoardQuery(requestUrl.searchParams);
        const all = ctx.orders();
        const chosen =
          status === 'open'
            ? all.filter((order) => ADVANCING_STATUSES.includes(order.status)).slice(0, limit)
            : all.slice(-limit).reverse();
        return { body: chosen.map((order) => ctx.toOrder(order.orderID)), schema: ordersSchema };
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
        return { body: ctx.toOrder(orderID), schema: orderSchema };
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
        return { body: ctx.toOrder(orderID), schema: orderSchema };
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
