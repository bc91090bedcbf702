// Sending once, resending with the same key: what follows a failed keyed request, and the keyed sender's parts and keys.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../../src/api/errors';
import { afterFailedSend, keyedSend, mayHaveGoneThrough } from '../../../src/machines/keyed-send';

const failures = {
  offline: new ApiError('fetch', 'The provider could not be reached'),
  timeout: new ApiError('timeout', 'The provider took too long to answer'),
  unreadable: new ApiError('parsing', 'The answer made no sense'),
  refused: new ApiError('http', 'sold out', { status: 422, code: 'invalid' }),
  busy: new ApiError('http', 'slow down', { status: 429, code: 'rate_limited' }),
  fault: new ApiError('http', 'boom', { status: 500, code: 'internal' }),
  other: new Error('something else'),
};

describe('afterFailedSend', () => {
  const steady = { online: true, networkDropped: false };
  it('queues what the network lost while the browser is offline', () => {
    expect(afterFailedSend(failures.offline, { online: false, networkDropped: true })).toBe('queue');
    expect(afterFailedSend(failures.timeout, { online: false, networkDropped: true })).toBe('queue');
  });

  it('resends at once what the network lost while it dropped and came back', () => {
    expect(afterFailedSend(failures.offline, { online: true, networkDropped: true })).toBe('resend');
    expect(afterFailedSend(failures.timeout, { online: true, networkDropped: true })).toBe('resend');
  });

  it('a definite no is a refusal; anything else may have gone through', () => {
    expect(afterFailedSend(failures.refused, steady)).toBe('refused');
    expect(afterFailedSend(failures.refused, { online: false, networkDropped: true })).toBe('refused');
    for (const failure of [failures.offline, failures.timeout, failures.unreadable, failures.busy, failures.fault])
      expect(afterFailedSend(failure, steady)).toBe('uncertain');
    // A timeout with the browser offline but no drop noticed is the provider being slow, not the network.
    expect(afterFailedSend(failures.timeout, { online: false, networkDropped: false })).toBe('uncertain');
    expect(afterFailedSend(failures.other, steady)).toBe('uncertain');
  });

  it('only no answer, or one that made no sense, leaves the outcome unknown', () => {
    expect([failures.offline, failures.timeout, failures.unreadable].every(mayHaveGoneThrough)).toBe(true);
    expect([failures.refused, failures.busy, failures.fault, failures.other].some(mayHaveGoneThrough)).toBe(false);
  });
});

describe('keyedSend', () => {
  const sender = (calls: string[], failAt?: number) =>
    keyedSend<{ key: string; parts: number[] }, number, string>(
      (input) => input.parts,
      async (part, key) => {
        calls.push(`${part}@${key}`);
        if (calls.length - 1 === failAt) throw failures.offline;
        return `answer to ${part}`;
      },
    );

  it('sends each part in turn, the first with the key and the rest with keys derived from it', async () => {
    const calls: string[] = [];
    const actor = createActor(sender(calls), { input: { key: 'k-0001', parts: [20, 20, 5] } }).start();
    await expect(toPromise(actor)).resolves.toBe('answer to 5');
    expect(calls).toEqual(['20@k-0001', '20@k-0001-1', '5@k-0001-2']);
  });

  it('stops at the first failure; sent again, every part goes with the same keys', async () => {
    const calls: string[] = [];
    const input = { key: 'k-0002', parts: [20, 3] };
    await expect(toPromise(createActor(sender(calls, 1), { input }).start())).rejects.toBe(failures.offline);
    await expect(toPromise(createActor(sender(calls), { input }).start())).resolves.toBe('answer to 3');
    expect(calls).toEqual(['20@k-0002', '3@k-0002-1', '20@k-0002', '3@k-0002-1']);
  });

  it('refuses to send nothing', async () => {
    const calls: string[] = [];
    const actor = createActor(sender(calls), { input: { key: 'k-0003', parts: [] } }).start();
    await expect(toPromise(actor)).rejects.toThrow('at least one part');
    expect(calls).toEqual([]);
  });
});
