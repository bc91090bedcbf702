// Chromium's performance trace as the benches record it over the DevTools protocol: the events' shape, one recording
// around a piece of work, and the page's main thread in it.
import type { CDPSession } from '@playwright/test';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** The main-thread timeline: tasks with their thread time. */
export const TIMELINE = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** Every event Chromium reports in `categories` while `work` runs. */
export async function recordTrace(
  cdp: CDPSession,
  categories: readonly string[],
  work: () => Promise<void>,
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  try {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: [...categories], recordMode: 'recordAsMuchAsPossible' },
      transferMode: 'ReportEvents',
    });
    await work();
    await cdp.send('Tracing.end');
    await complete;
  } finally {
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/** The page's main thread (the renderer's CrRendererMain), in the process `pid` if given. */
export function mainThread(events: readonly TraceEvent[], pid?: number): { pid: number; tid: number } | undefined {
  const named = events.find(
    (event) =>
      event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && (pid === undefined || event.pid === pid),
  );
  return named && { pid: named.pid, tid: named.tid };
}
