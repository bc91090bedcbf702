// Two providers on one PostgreSQL database, as `npm run serve` runs its workers: started together, one makes the demo
// accounts and only its passwords are shown; the sign-in throttle's counts are shared, so two processes do not double
// an account's allowance; ending an account's sessions through one closes its streams on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type RunningProvider } from '../../server/start';
import { ownSchema, type OwnRoom } from '../support/postgres-admin';
import { openSse } from '../support/sse-reader';
import { callApi, TEST_PASSWORD_COST } from './helpers';

const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  describe('security across two provider processes on PostgreSQL', () => {
    let room: OwnRoom;
    let first: RunningProvider;
    let second: RunningProvider;

    beforeAll(async () => {
      room = await ownSchema(databaseUrl, 'security');
      const start = () =>
        startProvider({
          storage: { kind: 'postgres', connectionString: databaseUrl, schema: room.name },
          demoStaff: true,
          passwordCost: TEST_PASSWORD_COST,
          live: { sessionCheckMs: 60_000 },
        });
      // As two `npm run serve` started at once with PROVIDER_SEED=demo.
      [first, second] = await Promise.all([start(), start()]);
    });

    afterAll(async () => {
      await first?.close();
      await second?.close();
      await room?.drop();
    });

    const signIn = (provider: RunningProvider, name: string, password: string) =>
      callApi(provider.url, 'staff/session', { method: 'POST', body: JSON.stringify({ name, password }) });

    it('makes the demo accounts once: only one of two starts shows passwords, and they are the ones that work', async () => {
      const shown = [first.createdStaff, second.createdStaff].filter((created) => created.length > 0);
      expect(shown).toHaveLength(1);
      for (const account of shown[0] ?? []) {
        expect((await signIn(first, account.name, account.password)).status).toBe(201);
        expect((await signIn(second, account.name, account.password)).status).toBe(201);
      }
    });

    it('counts failed sign-ins in the database: two processes give an account five tries in all, not ten', async () => {
      const manager = [...first.createdStaff, ...second.createdStaff].find((account) => account.role === 'manager');
      if (!manager) throw new Error('No demo manager');
      for (let attempt = 0; attempt < 5; attempt++) {
        const through = attempt % 2 === 0 ? first : second;
        expect((await signIn(through, 'cook', 'wrong-guess')).status).toBe(401);
      }
      expect((await signIn(first, 'cook', 'wrong-guess')).status).toBe(429);
      expect((await signIn(second, 'cook', 'wrong-guess')).status).toBe(429);
      // Other accounts go on signing in through either.
      expect((await signIn(second, manager.name, manager.password)).status).toBe(201);
    });

    it("a password reset through one process closes the account's streams on the other at once", async () => {
      const manager = [...first.createdStaff, ...second.createdStaff].find((account) => account.role === 'manager');
      if (!manager) throw new Error('No demo manager');
      const cookieOf = (response: Response) =>
        /staff_session=[^;]+/.exec(response.headers.getSetCookie().join('\n'))?.[0] ?? '';
      const managerCookie = cookieOf(await signIn(first, manager.name, manager.password));
      const added = await callApi(first.url, 'staff/accounts', {
        method: 'POST',
        headers: { Cookie: managerCookie },
        body: JSON.stringify({ name: 'hal', password: 'hal-password', role: 'kitchen' }),
      });
      expect(added.status).toBe(201);
      const hal = cookieOf(await signIn(second, 'hal', 'hal-password'));
      const stream = await openSse(second.url, { path: 'staff/events', headers: { Cookie: hal } });
      expect(stream.status).toBe(200);
      const reset = await callApi(first.url, 'staff/accounts/hal', {
        method: 'PATCH',
        headers: { Cookie: managerCookie },
        body: JSON.stringify({ password: 'hal-new-password' }),
      });
      expect(reset.status).toBe(200);
      // The periodic check is a minute away: only the event from the other process can end it this soon.
      await expect(
        Promise.race([
          stream.ended.then(() => 'ended'),
          new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000)),
        ]),
      ).resolves.toBe('ended');
    });
  });
}
