// When to start a provider process again after one exited: at once after a long life, later and later in a crash loop.

export interface RestartPolicyOptions {
  /** A process that lived at least this long exited for a reason of its own: replaced at once. */
  steadyMs?: number;
  /** The first wait in a crash loop; it doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export interface RestartPolicy {
  /** How long to wait before replacing a process that lived `livedMs`. */
  delayAfter(livedMs: number): number;
}

export function createRestartPolicy({
  steadyMs = 30_000,
  firstDelayMs = 1_000,
  maxDelayMs = 30_000,
}: RestartPolicyOptions = {}): RestartPolicy {
  let quickExits = 0;
  return {
    delayAfter(livedMs) {
      if (livedMs >= steadyMs) {
        quickExits = 0;
        return 0;
      }
      quickExits++;
      return Math.min(maxDelayMs, firstDelayMs * 2 ** (quickExits - 1));
    },
  };
}
