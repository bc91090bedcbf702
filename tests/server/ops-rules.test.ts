// The small rules behind surviving faults: when a dead process is replaced, how one that will not stop is stopped, when
// a lost database is tried again, and which request ids are written to the log as sent.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackOutages } from '../../server/db/outage';
import { acceptedRequestId, newRequestId } from '../../server/ops/request-context';
import { createRestartPolicy } from '../../server/ops/restart-policy';
import { createLogger, processLogger, useLogger } from '../../server/ops/log';
import { closeWithin, stopWithin } from '../../server/ops/stop-process';

describe('replacing a provider process that exited', () => {
  it('replaces a long-lived one at once, and one in a crash loop later and later, up to a ceiling', () => {
    const policy = createRestartPolicy({ steadyMs: 30_000, firstDelayMs: 1_000, maxDelayMs: 8_000 });
    expect(policy.delayAfter(3_600_000)).toBe(0);
    expect([500, 200, 900, 100, 300].map((lived) => policy.delayAfter(lived))).toEqual([
      1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
    // Once one stays up, the next exit is a fresh start.
    expect(policy.delayAfter(40_000)).toBe(0);
    expect(policy.delayAfter(100)).toBe(1_000);
  });
});

describe('stopping a provider process', () => {
  /** A child process that says "ready" once its SIGTERM handler is in place. */
  const child = async (onTerm: string) => {
    const process_ = spawn(
      process.execPath,
      ['-e', `process.on('SIGTERM', () => { ${onTerm} }); setInterval(() => {}, 1000); console.log('ready');`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(process_.stdout, 'data');
    return process_;
  };

  it('lets a process that stops on SIGTERM exit by itself', async () => {
    const stopping = await child('process.exit(0)');
    expect(await stopWithin(stopping, 10_000)).toBe('exited');
    expect(stopping.exitCode).toBe(0);
  });

  it('kills a process still there at the limit, so a rolling restart cannot wait on it forever', async () => {
    const stuck = await child('/* a handle that never closes */');
    const started = Date.now();
    expect(await stopWithin(stuck, 300)).toBe('killed');
    expect(stuck.signalCode).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('settles at once for a process that has already exited', async () => {
    const gone = await child('process.exit(0)');
    gone.kill('SIGTERM');
    await once(gone, 'exit');
    expect(await stopWithin(gone, 60_000)).toBe('exited');
  });
});

describe("a provider process's own stop", () => {
  const lines: string[] = [];
  let before: ReturnType<typeof processLogger>;
  beforeEach(() => {
    vi.useFakeTimers();
    lines.length = 0;
    before = processLogger();
    useLogger(createLogger({ format: 'json', destination: { write: (line: string) => lines.push(line) } }));
  });
  afterEach(() => {
    useLogger(before);
    vi.useRealTimers();
  });

  it('gives up on a step that never ends at its limit, and names the step in the log', async () => {
    const stuck = { close: () => new Promise<void>(() => undefined), closingStep: 'closing the database' };
    const outcome = closeWithin(stuck, 15_000);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(lines.join('')).not.toContain('stop_overdue');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('late');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ event: 'stop_overdue', step: 'closing the database', limit_ms: 15_000 }),
    );
  });

  it('says closed when the provider closes in time, and failed when its close throws', async () => {
    expect(await closeWithin({ close: async () => undefined, closingStep: undefined }, 15_000)).toBe('closed');
    const failing = { close: () => Promise.reject(new Error('pool ended twice')), closingStep: 'closing the database' };
    expect(await closeWithin(failing, 15_000)).toBe('failed');
    expect(lines.join('')).toContain('pool ended twice');
    expect(lines.join('')).not.toContain('stop_overdue');
  });
});

describe('a lost database', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is probed with a growing wait until it answers, and said lost and back once each', async () => {
    let up = false;
    const probe = vi.fn(async () => {
      if (!up) throw new Error('ECONNREFUSED');
    });
    const onLost = vi.fn();
    const onBack = vi.fn();
    const outage = trackOutages({ probe, firstRetryMs: 100, maxRetryMs: 400, onLost, onBack });
    expect(outage.available).toBe(true);

    outage.lost(new Error('Connection terminated unexpectedly'));
    outage.lost(new Error('ECONNREFUSED'));
    expect(outage.available).toBe(false);
    expect(onLost).toHaveBeenCalledTimes(1);
    // Probes at 100, +200, +400, +400 ms: the wait doubles up to its ceiling.
    await vi.advanceTimersByTimeAsync(100);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(probe).toHaveBeenCalledTimes(3);
    up = true;
    await vi.advanceTimersByTimeAsync(400);
    expect(probe).toHaveBeenCalledTimes(4);
    expect(outage.available).toBe(true);
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onBack).toHaveBeenCalledWith(1_100);
    // Back for good: no more probing.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe).toHaveBeenCalledTimes(4);
    outage.stop();
  });
});

describe('request ids', () => {
  it('makes short ids a guest can read out, and keeps a proxy’s id only when it is safe to log', () => {
    expect(newRequestId()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(acceptedRequestId('5f2b8c0e1a9d4c7b8e6f3a2d1c0b9a8e')).toBe('5f2b8c0e1a9d4c7b8e6f3a2d1c0b9a8e');
    expect(acceptedRequestId('Root=1-67891233-abcdef012345678912345678')).toBeUndefined();
    expect(acceptedRequestId('abc')).toBeUndefined();
    expect(acceptedRequestId('x'.repeat(65))).toBeUndefined();
    expect(acceptedRequestId('id\nforged log line')).toBeUndefined();
    expect(acceptedRequestId(undefined)).toBeUndefined();
  });
});
