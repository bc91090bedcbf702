// Sending once, resending with the same key: the one logic the checkout (orders) and the outbox (additions) share.
import { fromPromise } from 'xstate';
import { ApiError } from '../api/errors';

/** A definite no: the provider looked at the request and will not take it as sent, so nothing was done. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && !error.isTransient;
}

/** The request got no answer at all: it did not reach the provider, or its answer never came. */
export function gotNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'fetch' || error.kind === 'timeout');
}

/** A failure that does not say whether the request was carried out: no answer, or one that made no sense. */
export function mayHaveGoneThrough(error: unknown): boolean {
  return gotNoAnswer(error) || (error instanceof ApiError && error.kind === 'parsing');
}

/**
 * The request got no answer because of the network: it did not get through, or it timed out while the browser said
 * the network had dropped (without that, a timeout is the provider being slow, not the network).
 */
export function lostToNetwork(error: unknown, networkDropped: boolean): boolean {
  return error instanceof ApiError && (error.kind === 'fetch' || (error.kind === 'timeout' && networkDropped));
}

/**
 * What follows a keyed request that failed. `queue`: lost to the network and the browser is offline, so it waits on the
 * device and goes again, with its key, once the network is back. `resend`: lost while the network dropped and came back,
 * so it goes again at once with its key. `refused`: nothing was done, and the same key would be refused again.
 * `uncertain`: slow, unreadable or a provider fault: it may have gone through, and only the same key can tell.
 */
export type AfterFailure = 'queue' | 'resend' | 'refused' | 'uncertain';

export function afterFailedSend(
  error: unknown,
  { online, networkDropped }: { online: boolean; networkDropped: boolean },
): AfterFailure {
  if (lostToNetwork(error, networkDropped)) {
    if (!online) return 'queue';
    if (networkDropped) return 'resend';
  }
  return isRefusal(error) ? 'refused' : 'uncertain';
}

/** The key of a request's nth part: the first has the request's own key, the rest one derived from it. */
export function partKey(key: string, part: number): string {
  return part === 0 ? key : `${key}-${part}`;
}

/**
 * The actor that sends a keyed request: each of its parts, one after the other, under the request's key or one
 * derived from it, so sending it again (same key) repeats every part and the provider does none of them twice.
 * Resolves with the last part's answer; rejects with the first failure, whose parts after it are not sent.
 */
export function keyedSend<Input extends { key: string }, Part, Output>(
  partsOf: (input: Input) => readonly Part[],
  send: (part: Part, key: string, signal: AbortSignal) => Promise<Output>,
) {
  return fromPromise<Output, Input>(async ({ input, signal }) => {
    const parts = partsOf(input);
    if (parts.length === 0) throw new Error('A keyed request needs at least one part');
    let output: Output | undefined;
    for (const [index, part] of parts.entries()) output = await send(part, partKey(input.key, index), signal);
    return output as Output;
  });
}
