// `npm run bench:boot`: where a phone's main thread goes while the app boots, from a Chromium trace with CPU samples.
//
// Lighthouse's phone TBT is simulated: every task it observed is multiplied by 4 and what is over 50 ms between first
// paint and "interactive" counts. Its figures move with the machine's load, since a task that waited for a core is
// longer. This counts each task's thread time instead (CPU the main thread really used, which waiting does not add
// to), so a build can be compared with another on a shared machine: per run, the tasks whose 4× thread time is over
// 50 ms, their sum over 50 ms ("TBT-like"), and for the longest ones what ran inside them, by source file and function
// (CPU samples mapped through the build's hidden source maps).
//
// Options: --runs N (5), --pages /,/cart, --dist DIR (an existing build; else a fresh one), --cpu RATE (1: Chromium's
// own CPU throttle as well, for wall-clock figures), --save DIR (keeps each trace for DevTools' Performance panel).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { launchChromium } from './browser';
import { serveBuild } from './served-build';
import { formatFigure, summarise } from './stats';
import { mainThread, recordTrace, TIMELINE, type TraceEvent } from './trace';

/** Lighthouse's phone profile: a mid-range phone is taken to be this many times slower than the machine running it. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '/,/cart' },
    dist: { type: 'string' },
    cpu: { type: 'string', default: '1' },
    save: { type: 'string' },
    top: { type: 'string', default: '6' },
    list: { type: 'string', default: String(LONG_TASK_MS / SLOWDOWN) },
  },
});
const RUNS = Number(options.runs);
const CPU_RATE = Number(options.cpu);
/** Tasks listed with what ran inside them: by default the long ones (--list MS of thread time lists more). */
const LIST_MS = Number(options.list);
const CATEGORIES = [...TIMELINE, 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler'];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface Sample {
  ts: number;
  frame: CallFrame;
}

/** The CPU samples of the main thread, each with the function it was in (its own time, not its callers'). */
function cpuSamples(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const samples: Sample[] = [];
  const profiles = new Map<string, { time: number; nodes: Map<number, CallFrame> }>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid) {
      profiles.set(event.id!, { time: Number(event.args?.data?.startTime), nodes: new Map() });
    }
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(event.id!);
    if (!profile) continue;
    const data = event.args?.data as {
      cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node.callFrame);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, index) => {
      profile.time += data.timeDeltas?.[index] ?? 0;
      const frame = profile.nodes.get(id);
      if (frame) samples.push({ ts: profile.time, frame });
    });
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** Maps a minified call frame to its source file (a package for node_modules) and function, via the hidden maps. */
function sourceMapper(dist: string) {
  const maps = new Map<string, TraceMap | null>();
  return (frame: CallFrame): { file: string; place: string } => {
    if (!frame.url) return { file: `(${frame.functionName || 'native'})`, place: frame.functionName || '(native)' };
    const path = new URL(frame.url).pathname;
    if (!maps.has(path)) {
      const mapFile = join(dist, `${path}.map`);
      maps.set(path, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
    }
    const map = maps.get(path);
    let original: ReturnType<typeof originalPositionFor> | undefined;
    try {
      original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : undefined;
    } catch {
      // A position the map does not cover (code the bundler generated): the minified place is shown.
    }
    const source = original?.source ?? path;
    const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    const file = packageName ?? source.replace(/^(\.\.\/)+/, '');
    const name = original?.name ?? frame.functionName;
    return { file, place: `${name || '(anonymous)'} ${file}:${original?.line ?? frame.lineNumber + 1}` };
  };
}

interface TaskFigure {
  start: number;
  wall: number;
  thread: number;
  bySource: [string, number][];
  byFunction: [string, number][];
  events: string;
}

interface RunFigure {
  fcp: number;
  ready: number;
  tbtLike: number;
  longTasks: number;
  listed: TaskFigure[];
  threadTotal: number;
}

function analyse(events: TraceEvent[], map: ReturnType<typeof sourceMapper>): RunFigure {
  // The page's main thread: the renderer thread with the first-contentful-paint mark.
  const fcpEvent = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('no first contentful paint in the trace');
  const { pid } = fcpEvent;
  const tid = mainThread(events, pid)!.tid;
  const main = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  // The page's own navigation: the last one before its first paint (the tab's initial about:blank comes first).
  // Chromium sometimes records it from another process (a renderer swapped at navigation): then the last one anywhere.
  const navigationStarts = events.filter((event) => event.name === 'navigationStart' && event.ts <= fcpEvent.ts);
  const navigation = navigationStarts.filter((event) => event.pid === pid).at(-1) ?? navigationStarts.at(-1);
  if (!navigation) throw new Error('no navigation start before the first contentful paint in the trace');
  const readyMark = events.find((event) => event.name === 'app:ready' && event.pid === pid);
  const at = (ts: number) => (ts - navigation.ts) / 1000;
  const samples = cpuSamples(events, pid, tid);
  const tasks = main.filter((event) => event.name === 'RunTask' && event.ts >= fcpEvent.ts);
  const listed: TaskFigure[] = [];
  let longTasks = 0;
  let tbtLike = 0;
  let threadTotal = 0;
  for (const task of tasks) {
    const thread = (task.tdur ?? task.dur ?? 0) / 1000;
    threadTotal += thread;
    const blocking = thread * SLOWDOWN - LONG_TASK_MS;
    if (blocking > 0) {
      tbtLike += blocking;
      longTasks++;
    }
    if (thread < LIST_MS) continue;
    const end = task.ts + task.dur!;
    const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    const bySource = new Map<string, number>();
    const byFunction = new Map<string, number>();
    inside.forEach((sample, index) => {
      const next = inside[index + 1]?.ts ?? end;
      const ms = (next - sample.ts) / 1000;
      const { file, place } = map(sample.frame);
      bySource.set(file, (bySource.get(file) ?? 0) + ms);
      byFunction.set(place, (byFunction.get(place) ?? 0) + ms);
    });
    // The task's own top-level work (script, layout, paint, …) for what samples do not show.
    const children = main
      .filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end)
      .filter((event) => (event.dur ?? 0) >= 1000 && !event.name.startsWith('V8.'))
      .slice(0, 8)
      .map((event) => {
        const data = event.args?.data ?? {};
        const what = String(data.url ?? data.type ?? data.functionName ?? '').replace(/^https?:\/\/[^/]+/, '');
        return `${event.name}${what ? ` ${what}` : ''} ${((event.dur ?? 0) / 1000).toFixed(1)}`;
      });
    const top = (entries: Map<string, number>) =>
      [...entries].sort((a, b) => b[1] - a[1]).slice(0, Number(options.top));
    listed.push({
      start: at(task.ts),
      wall: task.dur! / 1000,
      thread,
      bySource: top(bySource),
      byFunction: top(byFunction),
      events: children.join(', '),
    });
  }
  return {
    fcp: at(fcpEvent.ts),
    ready: readyMark ? at(readyMark.ts) : Number.NaN,
    tbtLike,
    longTasks,
    listed,
    threadTotal,
  };
}

const provider = await serveBuild('boot-trace', { appDir: options.dist });
const { appDir } = provider;
const browser = await launchChromium();
const map = sourceMapper(appDir);
const loadBefore = loadavg();
const results = new Map<string, RunFigure[]>();
try {
  for (const path of options.pages.split(',')) {
    for (let run = 0; run < RUNS; run++) {
      // A new profile each time, as Lighthouse's: nothing cached, persisted or installed. Its phone's screen size.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (CPU_RATE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
      const events = await recordTrace(cdp, CATEGORIES, async () => {
        await page.goto(`${provider.url}${path}`);
        // The 3 s splash and what follows it: the first screen's render and whatever it starts. A fixed wait, since
        // polling the page for the end of the splash would put the poller's own tasks in the trace.
        await page.waitForTimeout(6_000);
      });
      if (options.save) {
        mkdirSync(options.save, { recursive: true });
        writeFileSync(
          join(options.save, `${path.replaceAll('/', '-') || '-'}-${run + 1}.trace.json`),
          JSON.stringify({ traceEvents: events }),
        );
      }
      const figure = analyse(events, map);
      results.set(path, [...(results.get(path) ?? []), figure]);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await provider.close();
}

const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' ');
console.log(
  `Boot main thread, ${RUNS} run(s) per page, CPU throttle ${CPU_RATE}×; tasks after first paint whose thread time × ${SLOWDOWN} is over ${LONG_TASK_MS} ms. Load average ${load(loadBefore)} → ${load(loadavg())}\n`,
);
for (const [path, runs] of results) {
  console.log(`${path}`);
  console.log(
    `  TBT-like (Σ thread time × ${SLOWDOWN} − ${LONG_TASK_MS}): ${formatFigure(summarise(runs.map((run) => run.tbtLike)), 'ms', 0)}`,
  );
  console.log(`  long tasks: ${formatFigure(summarise(runs.map((run) => run.longTasks)), '', 0)}`);
  console.log(
    `  main-thread time after first paint: ${formatFigure(summarise(runs.map((run) => run.threadTotal)), 'ms', 0)}`,
  );
  console.log(
    `  first paint / splash over (wall): ${formatFigure(summarise(runs.map((run) => run.fcp)), 'ms', 0)} / ${formatFigure(summarise(runs.map((run) => run.ready)), 'ms', 0)}`,
  );
  // The long tasks of the median run, with what ran inside them.
  const median = [...runs].sort((a, b) => a.tbtLike - b.tbtLike)[Math.floor(runs.length / 2)]!;
  for (const task of median.listed) {
    console.log(
      `  task at ${task.start.toFixed(0)} ms: thread ${task.thread.toFixed(1)} ms (× ${SLOWDOWN} = ${(task.thread * SLOWDOWN).toFixed(0)}), wall ${task.wall.toFixed(1)} ms`,
    );
    console.log(`    ${task.events}`);
    console.log(`    by source: ${task.bySource.map(([file, ms]) => `${file} ${ms.toFixed(1)}`).join(', ')}`);
    console.log(`    by function: ${task.byFunction.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`);
  }
}
