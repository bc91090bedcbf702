// Signing in under attack, on a provider whose clock the test moves: growing waits per account and per address, known
// devices that are never held back by guesses made elsewhere; behind a trusted TLS proxy (PROVIDER_TRUST_PROXY), the
// Secure cookies and counting by the address the proxy saw. The rules' edges are in sign-in-rules.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProvider } from '../../server/start';
import { DEFAULT_THROTTLE } from '../../server/staff/sign-in-throttle';
import { callApi, startTestProvider } from './helpers';

const MANAGER = { name: 'manager', password: 'manager-password' };

describe('sign-in throttle (fake clock)', () => {
  let provider: RunningProvider;
  let nowMs = Date.parse('2030-03-01T12:00:00Z');
  const tick = (ms: number) => {
    nowMs += ms;
  };

  const signIn = (name: string, password: string, headers: Record<string, string> = {}) =>
    callApi(provider.url, 'staff/session', { method: 'POST', body: JSON.stringify({ name, password }), headers });
  const retryAfter = (response: Response) => Number(response.headers.get('Retry-After'));
  const deviceOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('staff_device_'))
      ?.split(';')[0] ?? '';

  async function addCook(name: string): Promise<{ name: string; password: string }> {
    const manager = await signIn(MANAGER.name, MANAGER.password);
    const cookie = /staff_session=[^;]+/.exec(manager.headers.getSetCookie().join('\n'))?.[0] ?? '';
    const account = { name, password: `${name}-password` };
    const added = await callApi(provider.url, 'staff/accounts', {
      method: 'POST',
      headers: { Cookie: cookie },
      body: JSON.stringify({ ...account, role: 'kitchen' }),
    });
    expect(added.status).toBe(201);
    return account;
  }

  beforeAll(async () => {
    provider = await startTestProvider({ manager: MANAGER, clock: () => new Date(nowMs), trustProxy: true });
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('slows an account down after five failures, 1 s then 2 s then 4 s…, and the right password then signs in', async () => {
    const account = await addCook('ada');
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    const waiting = await signIn(account.name, account.password);
    expect(waiting.status).toBe(429);
    expect(retryAfter(waiting)).toBe(1);

    tick(1_000);
    expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    expect(retryAfter(await signIn(account.name, 'wrong-guess'))).toBe(2);
    tick(2_000);
    expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    expect(retryAfter(await signIn(account.name, account.password))).toBe(4);
    tick(4_000);
    expect((await signIn(account.name, account.password)).status).toBe(201);
    // A success starts the count again: five more tries before any wait.
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    expect((await signIn(account.name, 'wrong-guess')).status).toBe(429);
  });

  it('never waits longer than the longest delay, and forgets failures after an hour without one', async () => {
    const account = await addCook('bo');
    let waited = 0;
    for (let round = 0; round < 40; round++) {
      const answer = await signIn(account.name, 'wrong-guess');
      if (answer.status === 429) {
        waited = Math.max(waited, retryAfter(answer));
        tick(retryAfter(answer) * 1000);
      }
    }
    expect(waited).toBe(DEFAULT_THROTTLE.account.maxDelayMs / 1000);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
  });

  it('thirty failures from one address slow that address down, but not a device that signed in before', async () => {
    const account = await addCook('cy');
    const known = await signIn(account.name, account.password);
    const device = deviceOf(known);
    expect(device).toMatch(/^staff_device_[\w-]+=[\w-]+\.[\w-]+$/);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await signIn(`nobody-${attempt}`, 'wrong-guess')).status).toBe(401);
    }
    // Every account behind the address waits now, unless it comes from a device it has used before.
    expect((await signIn(account.name, account.password)).status).toBe(429);
    const fromKnown = await signIn(account.name, account.password, { Cookie: device });
    expect(fromKnown.status).toBe(201);
    // Signing in renews the cookie (a new id, as long again).
    expect(deviceOf(fromKnown)).not.toBe(device);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
  });

  it('a device cookie names one account: it is no known device for another', async () => {
    const first = await addCook('di');
    const second = await addCook('ed');
    const device = deviceOf(await signIn(first.name, first.password));
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(second.name, 'wrong-guess')).status).toBe(401);
    expect((await signIn(second.name, second.password, { Cookie: device })).status).toBe(429);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
  });

  it('behind the trusted proxy: Secure cookies when it says https, and counts by the address it saw', async () => {
    const secure = await signIn(MANAGER.name, MANAGER.password, {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-For': '203.0.113.7',
    });
    expect(secure.status).toBe(201);
    expect(secure.headers.getSetCookie()).toHaveLength(2);
    for (const cookie of secure.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    const plain = await signIn(MANAGER.name, MANAGER.password, { 'X-Forwarded-Proto': 'http' });
    for (const cookie of plain.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure/i);

    const from = (address: string) => ({ 'X-Forwarded-For': `198.51.100.1, ${address}` });
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await signIn(`nobody-${attempt}`, 'wrong-guess', from('203.0.113.50'))).status).toBe(401);
    }
    expect((await signIn('nobody-else', 'wrong-guess', from('203.0.113.50'))).status).toBe(429);
    expect((await signIn(MANAGER.name, MANAGER.password, from('203.0.113.51'))).status).toBe(201);
  });
});
