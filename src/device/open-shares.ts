// The shares this phone opened (sessionStorage.open_shares): the bill lists every share of the seating but not whose
// it is, and a Stripe share's client secret is only ever in the answer to the phone that made it. Kept for the tab's
// session, not in localStorage nor the persisted query cache, since the secret lets a card be charged for the share.
import * as z from 'zod/mini';
import { sharePaymentSchema, type Share } from '../../contract/bill';
import { idSchema } from '../../contract/guest';
import { deviceStore } from './device-store';

export const OPEN_SHARES_KEY = 'open_shares';
// A phone opens a few shares at most while it pays; older ones have long stopped holding anything.
const OPEN_SHARES_LIMIT = 10;

const openShareSchema = z.object({ id: idSchema, payment: sharePaymentSchema });
export type OpenShare = z.output<typeof openShareSchema>;

const openSharesStore = deviceStore(OPEN_SHARES_KEY, z.array(openShareSchema), {
  storage: 'session',
  writeFailure: 'Could not remember the payment on this device',
});

export function readOpenShares(): OpenShare[] {
  const read = openSharesStore.read();
  return read.status === 'ok' ? read.value : [];
}

/** Remembers a share this phone made, with how to pay it, newest first. */
export function rememberShare(share: Pick<Share, 'id' | 'payment'>): void {
  openSharesStore.write(
    [{ id: share.id, payment: share.payment }, ...readOpenShares().filter((known) => known.id !== share.id)].slice(
      0,
      OPEN_SHARES_LIMIT,
    ),
  );
}

/** Forgets a share this phone made once it no longer holds anything (cancelled, or paid meanwhile). */
export function forgetShare(shareId: number): void {
  const known = readOpenShares();
  if (known.some((share) => share.id === shareId)) openSharesStore.write(known.filter((share) => share.id !== shareId));
}

/**
 * The share as this phone can pay it: the bill's copy with the payment details only its maker was given (a Stripe
 * client secret); the bill's word on its status stands.
 */
export function withOwnPayment(share: Share): Share {
  const own = readOpenShares().find((known) => known.id === share.id);
  return own ? { ...share, payment: { ...own.payment, ...share.payment } } : share;
}

/** This phone's share the bill still has open and holding (not past its `expires_at`): the payment it can go on with. */
export function ownOpenShare(shares: readonly Share[], now = Date.now()): Share | undefined {
  const own = new Set(readOpenShares().map((known) => known.id));
  return shares.find(
    (share) =>
      own.has(share.id) &&
      share.status === 'open' &&
      (share.expires_at === undefined || Date.parse(share.expires_at) > now),
  );
}
