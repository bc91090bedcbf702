// Whether the database is reachable: lost on a connection failure, back once a probe answers, probed with back-off.

export interface OutageOptions {
  /** Resolves when the database answers (`SELECT 1`). */
  probe: () => Promise<unknown>;
  /** First wait before probing; it doubles up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  onLost?: (error: unknown) => void;
  onBack?: (downMs: number) => void;
}

export interface OutageTracker {
  readonly available: boolean;
  /** A connection failed: until a probe answers, callers are told at once that the database is away. */
  lost(error: unknown): void;
  stop(): void;
}

export function trackOutages({
  probe,
  firstRetryMs = 250,
  maxRetryMs = 2000,
  onLost,
  onBack,
}: OutageOptions): OutageTracker {
  let lostAt: number | undefined;
  let wait = firstRetryMs;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function schedule(): void {
    timer = setTimeout(() => {
      probe().then(
        () => {
          if (stopped || lostAt === undefined) return;
          const downMs = Date.now() - lostAt;
          lostAt = undefined;
          onBack?.(downMs);
        },
        () => {
          wait = Math.min(wait * 2, maxRetryMs);
          if (!stopped) schedule();
        },
      );
    }, wait);
    timer.unref();
  }

  return {
    get available() {
      return lostAt === undefined;
    },
    lost(error) {
      if (lostAt !== undefined || stopped) return;
      lostAt = Date.now();
      wait = firstRetryMs;
      onLost?.(error);
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
