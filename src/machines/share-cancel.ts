// Cancelling a share this phone made (contract v1.2 cancelShare), for the payment step and the "Continue paying" entry:
// the phone forgets it and the bill is read anew, so its lines show free at once.
import type { QueryClient } from '@tanstack/react-query';
import { ALREADY_PAID_ERROR_CODE, type Bill, type Share } from '../../contract/bill';
import { cancelShare, getBill } from '../api/bill-calls';
import { billQueryKey } from '../api/bill-queries';
import { ApiError } from '../api/errors';
import { queryKeys } from '../api/queries';
import { forgetShare } from '../device/open-shares';

/** `cancelled`, or `paid` when the payment went through before the cancel reached the payment provider. */
export type CancelOutcome = { kind: 'cancelled' | 'paid'; share: Share };

export async function cancelOwnShare(
  { seatingKey, queryClient }: { seatingKey: string; queryClient: QueryClient },
  shareId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CancelOutcome> {
  let outcome: CancelOutcome;
  let bill: Bill | undefined;
  try {
    outcome = { kind: 'cancelled', share: await cancelShare(seatingKey, shareId, { signal }) };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409 && error.code === ALREADY_PAID_ERROR_CODE)) throw error;
    // Paid on the payment provider's word: the bill says so, and its receipt is the guest's.
    bill = await getBill(seatingKey, { signal });
    const paid = bill.shares.find((share) => share.id === shareId);
    if (!paid) throw error;
    outcome = { kind: 'paid', share: paid };
  }
  forgetShare(shareId);
  // The bill as it now is before the guest is back on it, so what the share held is offered again at once; unread,
  // the share is at least shown as it now is, so nothing offers to continue it, and the bill is read again later.
  bill ??= await getBill(seatingKey, { signal }).catch(() => undefined);
  queryClient.setQueryData<Bill>(
    billQueryKey(seatingKey),
    (cached) =>
      bill ??
      (cached && {
        ...cached,
        shares: cached.shares.map((share) => (share.id === shareId ? outcome.share : share)),
      }),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.tableBills });
  return outcome;
}
