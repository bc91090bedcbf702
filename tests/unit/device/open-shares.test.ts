// The shares this phone opened: kept for the tab's session with what only their maker was given (a Stripe client
// secret), never in localStorage; the one to go on with is open and still holding.
import { describe, expect, it } from 'vitest';
import type { Share } from '../../../contract/bill';
import { ownOpenShare, rememberShare, withOwnPayment } from '../../../src/device/open-shares';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const share = (id: number, changes: Partial<Share> = {}): Share => ({
  id,
  kind: 'amount',
  amount: 10,
  tip: 0,
  total: 10,
  status: 'open',
  payment: { provider: 'stripe' },
  expires_at: new Date(NOW + 5 * 60_000).toISOString(),
  ...changes,
});

describe('the shares this phone opened', () => {
  it('a Stripe share read from the bill is paid with the secret its answer gave this phone, kept only for the session', () => {
    rememberShare({ id: 4, payment: { provider: 'stripe', client_secret: 'pi_4_secret_x', publishable_key: 'pk_1' } });
    expect(withOwnPayment(share(4)).payment).toEqual({
      provider: 'stripe',
      client_secret: 'pi_4_secret_x',
      publishable_key: 'pk_1',
    });
    expect(withOwnPayment(share(5)).payment).toEqual({ provider: 'stripe' });
    expect(sessionStorage.getItem('open_shares')).toContain('pi_4_secret_x');
    expect(Object.values({ ...localStorage }).join()).not.toContain('pi_4_secret_x');
  });

  it('offers only its own share that is open and still holding', () => {
    rememberShare({ id: 1, payment: { provider: 'demo' } });
    rememberShare({ id: 2, payment: { provider: 'demo' } });
    rememberShare({ id: 3, payment: { provider: 'demo' } });
    const bill = [
      share(1, { status: 'paid' }),
      share(2, { expires_at: new Date(NOW - 1000).toISOString() }),
      share(9),
      share(3),
    ];
    expect(ownOpenShare(bill, NOW)?.id).toBe(3);
    expect(ownOpenShare(bill.slice(0, 3), NOW)).toBeUndefined();
  });
});
