// The rules behind sign-in and order limits, without a provider: the throttle's waits, the bound on password work,
// device cookies, who the client is (and when a proxy is believed), and how many changes an order takes.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, isHttps } from '../../server/http/client-info';
import { countChange, type ChangeCount } from '../../server/orders/order-changes';
import { createDeviceCookies } from '../../server/staff/device-cookies';
import { createPasswords, createWorkLimit } from '../../server/staff/passwords';
import { createMemoryThrottle, DEFAULT_THROTTLE, waitMs } from '../../server/staff/sign-in-throttle';
import { ProviderError } from '../../server/api/provider-error';

const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1) + seconds * 1000);

describe('the throttle', () => {
  const rule = DEFAULT_THROTTLE.account;
  const forget = DEFAULT_THROTTLE.forgetAfterMs;

  it('lets the first failures through, then waits 1 s, 2 s, 4 s… from the last, up to the longest', () => {
    const wait = (failures: number) => waitMs(rule, { failures, lastAt: at(0) }, at(0), forget);
    expect([0, 1, 4].map(wait)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map(wait)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(wait(60)).toBe(rule.maxDelayMs);
    expect(waitMs(rule, { failures: 7, lastAt: at(0) }, at(3), forget)).toBe(1_000);
    expect(waitMs(rule, { failures: 7, lastAt: at(0) }, at(forget / 1000), forget)).toBe(0);
  });

  it('reserves an attempt on every key or on none, so a waiting address spends no account’s allowance', async () => {
    const throttle = createMemoryThrottle({ ...DEFAULT_THROTTLE, client: { ...rule, free: 1 } });
    const keys = (account: string) => [
      { kind: 'account' as const, id: account },
      { kind: 'client' as const, id: '192.0.2.1' },
    ];
    expect((await throttle.reserve(keys('a'), at(0))).allowed).toBe(true);
    expect(await throttle.reserve(keys('b'), at(0))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // The refusal counted nothing against b: from another address it has its five.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await throttle.reserve([{ kind: 'account', id: 'b' }], at(0))).allowed).toBe(true);
    }
  });

  it('forgets the account’s and the device’s failures on a success, and gives the address only its attempt back', () => {
    const throttle = createMemoryThrottle();
    const keys = [
      { kind: 'account' as const, id: 'a' },
      { kind: 'client' as const, id: '192.0.2.1' },
    ];
    for (let attempt = 0; attempt < 4; attempt++) throttle.reserveNow(keys, at(0));
    const success = throttle.reserveNow(keys, at(0));
    if (!success.allowed) throw new Error('refused');
    success.succeeded();
    for (let attempt = 0; attempt < 5; attempt++) expect(throttle.reserveNow([keys[0]!], at(0)).allowed).toBe(true);
    // The address still holds its four failures: 26 more before it waits.
    for (let attempt = 0; attempt < 26; attempt++) expect(throttle.reserveNow([keys[1]!], at(0)).allowed).toBe(true);
    expect(throttle.reserveNow([keys[1]!], at(0)).allowed).toBe(false);
  });
});

describe('password work', () => {
  it('runs at most `concurrency` at once, queues up to `maxWaiting`, and refuses the rest with 503', async () => {
    const limit = createWorkLimit(2, 3);
    const releases: (() => void)[] = [];
    let peak = 0;
    const task = () =>
      limit.run(async () => {
        peak = Math.max(peak, limit.running);
        await new Promise<void>((resolve) => releases.push(resolve));
      });
    const accepted = Array.from({ length: 5 }, task);
    const refused = task().catch((error: unknown) => error);
    expect(limit.running).toBe(2);
    expect(limit.waiting).toBe(3);
    const error = await refused;
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(503);
    expect((error as ProviderError).headers['Retry-After']).toBe('1');
    while (releases.length > 0 || limit.running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(limit.waiting).toBe(0);
  });

  it('checks a password against its hash, and an unknown name against a decoy that never matches', async () => {
    const passwords = createPasswords({ cost: { N: 1024, r: 8, p: 1 } });
    const stored = await passwords.hash('the-right-one');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await passwords.verify('the-right-one', stored)).toBe(true);
    expect(await passwords.verify('the-wrong-one', stored)).toBe(false);
    expect(await passwords.verify('the-right-one', undefined)).toBe(false);
  });
});

describe('device cookies', () => {
  const devices = createDeviceCookies('a-provider-secret-of-enough-length');

  it('names the device for the account it was issued to, whatever the case of the name, and no other', () => {
    const cookie = devices.issue('Ada', false).split(';')[0] ?? '';
    expect(devices.issue('Ada', false)).toMatch(
      /; HttpOnly; SameSite=Strict; Path=\/api\/v1\/staff\/session; Max-Age=15552000$/,
    );
    expect(devices.issue('Ada', true)).toMatch(/; Secure$/);
    expect(devices.knownDevice('ada', `other=1; ${cookie}`)).toMatch(/^[\w-]{22}$/);
    expect(devices.knownDevice('bo', cookie)).toBeUndefined();
    const [name, value = ''] = cookie.split('=');
    expect(devices.knownDevice('ada', `${name}=${value.slice(0, -2)}AA`)).toBeUndefined();
    expect(createDeviceCookies('another-provider-secret-entirely').knownDevice('ada', cookie)).toBeUndefined();
  });
});

describe('the client', () => {
  const app = (trustProxy: boolean) =>
    new Hono().get('/', (c) =>
      c.json({ address: clientAddress(c, { trustProxy }), https: isHttps(c, { trustProxy }) }),
    );
  const ask = async (trustProxy: boolean, headers: Record<string, string>) =>
    (await app(trustProxy).request('http://provider.test/', { headers })).json();

  it('counts one IPv6 /64 as one client, and IPv4 addresses as they are', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('believes X-Forwarded-For and X-Forwarded-Proto only from a trusted proxy', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9', 'X-Forwarded-Proto': 'https' };
    expect(await ask(true, headers)).toEqual({ address: '203.0.113.9', https: true });
    expect(await ask(false, headers)).toEqual({ address: 'unknown', https: false });
    expect(await ask(true, {})).toEqual({ address: 'unknown', https: false });
  });
});

describe('changes to one order', () => {
  const limits = { perMinute: 3, total: 5 };
  const none: ChangeCount = { total: 0, windowAt: null, inWindow: 0 };
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as ProviderError;
    }
    throw new Error('not refused');
  };

  it('takes so many a minute (then 429 with the wait), and so many in all (then 409)', () => {
    let count = none;
    for (let change = 0; change < 3; change++) count = countChange('A1', limits, count, at(change));
    const early = refusal(() => countChange('A1', limits, count, at(30)));
    expect([early.status, early.code, early.headers['Retry-After']]).toEqual([429, 'too_many_changes', '30']);
    count = countChange('A1', limits, count, at(60));
    count = countChange('A1', limits, count, at(61));
    expect(count.total).toBe(5);
    const spent = refusal(() => countChange('A1', limits, count, at(3_600)));
    expect([spent.status, spent.code]).toEqual([409, 'too_many_changes']);
  });

  it('has no limit where a limit is 0', () => {
    let count = none;
    for (let change = 0; change < 500; change++) count = countChange('A1', { perMinute: 0, total: 0 }, count, at(0));
    expect(count.total).toBe(500);
  });
});
