// The payment machine's effects (the bill's calls, the receipt on the device), for the screen that runs it.
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { SEATING_ENDED_ERROR_CODE, type Share } from '../../contract/bill';
import { addShare, getBill, payDemoShare } from '../api/bill-calls';
import { ApiError } from '../api/errors';
import { queryKeys } from '../api/queries';
import { rememberShare } from '../device/open-shares';
import { keepReceipt, type Receipt } from '../device/receipts';
import { paymentMachine, type PaymentFailure } from './payment.machine';
import { cancelOwnShare } from './share-cancel';

/** What a failed call means to the guest paying. */
export function paymentFailureOf(error: unknown): PaymentFailure {
  if (!(error instanceof ApiError)) return { kind: 'unknown' };
  if (error.kind === 'fetch' || error.kind === 'timeout') return { kind: 'offline' };
  if (error.code === SEATING_ENDED_ERROR_CODE) return { kind: 'seatingEnded' };
  if (error.kind === 'http' && error.status !== undefined && error.status < 500) {
    return { kind: 'refused', code: error.code, message: error.message, fields: error.fields };
  }
  return { kind: 'unknown' };
}

const rethrowAsFailure = (error: unknown): never => {
  throw paymentFailureOf(error);
};

/** How long the screen waits for Stripe's word to reach the restaurant before saying it is still pending. */
export const settlePolling = { everyMs: 1500, forMs: 180_000 };

export interface PaymentDeps {
  seatingKey: string;
  queryClient: QueryClient;
  /** The receipt of a paid share, from the bill the guest saw; undefined when it cannot be made. */
  receiptOf(share: Share): Receipt | undefined;
}

export function createPaymentLogic({ seatingKey, queryClient, receiptOf }: PaymentDeps) {
  return paymentMachine.provide({
    actors: {
      createShare: fromPromise(({ input, signal }) =>
        addShare(seatingKey, input.share, { idempotencyKey: input.idempotencyKey, signal }).then((share) => {
          // Remembered before anything else can happen: a guest who leaves the payment step finds it again, on the
          // bill read anew (it now holds what the share pays for).
          rememberShare(share);
          void queryClient.invalidateQueries({ queryKey: queryKeys.tableBills });
          return share;
        }, rethrowAsFailure),
      ),
      confirmDemo: fromPromise(({ input, signal }) =>
        payDemoShare(seatingKey, input.shareId, input.payment, { signal }).then((share) => {
          // Paid or declined, the bill changed: a declined share's dishes are free to choose again.
          void queryClient.invalidateQueries({ queryKey: queryKeys.tableBills });
          return share;
        }, rethrowAsFailure),
      ),
      cancelShare: fromPromise(({ input, signal }) =>
        cancelOwnShare({ seatingKey, queryClient }, input.shareId, { signal }).then(
          (outcome) => outcome.share,
          rethrowAsFailure,
        ),
      ),
      awaitSettled: fromPromise(async ({ input, signal }) => {
        const until = Date.now() + settlePolling.forMs;
        for (;;) {
          const bill = await getBill(seatingKey, { signal }).catch(rethrowAsFailure);
          const share = bill.shares.find((candidate) => candidate.id === input.shareId);
          if (share && share.status !== 'open') return share;
          if (Date.now() > until) throw { kind: 'unknown' } satisfies PaymentFailure;
          await new Promise((resolve) => setTimeout(resolve, settlePolling.everyMs));
        }
      }),
    },
    actions: {
      keepReceipt: (_, { share }) => {
        const receipt = receiptOf(share);
        if (receipt) keepReceipt(receipt);
        void queryClient.invalidateQueries({ queryKey: queryKeys.tableBills });
      },
    },
  });
}
