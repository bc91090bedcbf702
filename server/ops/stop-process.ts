// Stopping a provider process within a limit: SIGTERM lets it finish its requests; one still alive at the limit is killed.
import type { ChildProcess } from 'node:child_process';
import { log } from './log';

/** After the drain's grace period, how long the rest of a stop (kitchen, printer, database) may take. */
export const STOP_STEPS_MS = 10_000;

export type StopOutcome = 'exited' | 'killed';

/**
 * SIGTERM, then SIGKILL if the process has not exited `limitMs` later. Settles when it has exited, saying whether it
 * had to be killed: a process stuck on its way out (a handle that never closes) must not hold a rolling restart or
 * the provider's own stop forever.
 */
export function stopWithin(child: ChildProcess, limitMs: number): Promise<StopOutcome> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve('exited');
  return new Promise((resolve) => {
    let outcome: StopOutcome = 'exited';
    const timer = setTimeout(() => {
      outcome = 'killed';
      child.kill('SIGKILL');
    }, limitMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(outcome);
    });
    child.kill('SIGTERM');
  });
}

export type CloseOutcome = 'closed' | 'failed' | 'late';

/**
 * A process's own stop: closes the provider, but gives up after `limitMs`, logging the step it was on (`stop_overdue`),
 * so that the process exits by itself instead of waiting for the primary's SIGKILL.
 */
export async function closeWithin(
  provider: { close(): Promise<void>; readonly closingStep: string | undefined },
  limitMs: number,
): Promise<CloseOutcome> {
  let overdue: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    overdue = setTimeout(() => resolve('late'), limitMs);
  });
  const outcome = await Promise.race([
    provider.close().then(
      () => 'closed' as const,
      (error: unknown) => {
        log.error({ err: error }, 'Could not stop cleanly');
        return 'failed' as const;
      },
    ),
    late,
  ]);
  clearTimeout(overdue);
  if (outcome === 'late') {
    log.error(
      { event: 'stop_overdue', step: provider.closingStep, limit_ms: limitMs },
      `Still stopping after ${limitMs} ms (${provider.closingStep ?? 'unknown step'}): exiting anyway`,
    );
  }
  return outcome;
}
