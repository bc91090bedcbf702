// `npm run bench:slow`: a guest opening a table's QR code on a slow phone network, in Chromium: when the first dish can
// be tapped, and which requests stood in the way (how many, how deep in sequence, how many bytes).
//
// The network is Chromium's own emulation through the DevTools protocol (Network.emulateNetworkConditions: each request
// waits the latency before its answer starts, then the answer flows at the download rate), with the cache disabled and
// a new profile per run, so every run is a first visit. A phone's viewport (390 × 844). The time is from the start of
// the navigation until the first dish's Add button is laid out, visible and enabled (and, when on screen, the topmost
// thing at its centre).
//
// Options: --runs N (5), --profile slow|slow4g|both (slow: 400 ms, 400 kbit/s each way; slow4g: Lighthouse's "slow
// 4G" as DevTools applies it), --dist DIR (an existing build; else a fresh one), --list (every request of the median
// run, not only those before the tap).
import { parseArgs } from 'node:util';
import type { CDPSession } from '@playwright/test';
import { launchChromium } from './browser';
import { serveBuild } from './served-build';
import { formatFigure, summarise } from './stats';

interface NetworkProfile {
  name: string;
  /** Added to every request before its answer starts, ms. */
  latency: number;
  /** Bytes per second. */
  download: number;
  upload: number;
  /** Target: navigation → first dish tappable, ms. */
  target: number;
}

const PROFILES: Record<string, NetworkProfile> = {
  slow: { name: '400 ms, 400 kbit/s', latency: 400, download: 50_000, upload: 50_000, target: 4_500 },
  // Lighthouse's mobile throttling as DevTools applies it (150 ms RTT × 3.75, 1.6 Mbit/s × 0.9, 750 kbit/s × 0.9).
  slow4g: {
    name: "Lighthouse's slow 4G (562.5 ms, 1.47 Mbit/s)",
    latency: 562.5,
    download: (1638.4 * 1024 * 0.9) / 8,
    upload: (750 * 1024 * 0.9) / 8,
    target: 3_300,
  },
};

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    profile: { type: 'string', default: 'slow' },
    dist: { type: 'string' },
    list: { type: 'boolean', default: false },
  },
});
const RUNS = Number(options.runs);
const profiles = options.profile === 'both' ? [PROFILES.slow!, PROFILES.slow4g!] : [PROFILES[options.profile]];
if (profiles.some((profile) => profile === undefined)) throw new Error(`Unknown --profile ${options.profile}`);

interface Marks {
  splashStart: number | null;
  splashEnd: number | null;
  tappable: number | null;
}

// Runs in the page before its scripts: on every DOM change and every frame, until the first dish's Add button is on
// screen, enabled and not covered; the time is taken from the page's own clock (0 = the navigation's start).
function instrument() {
  const marks: Marks = { splashStart: null, splashEnd: null, tappable: null };
  (window as unknown as { __slow: Marks }).__slow = marks;
  const check = () => {
    if (marks.tappable !== null) return;
    marks.splashStart ??= performance.getEntriesByName('app:splash', 'mark')[0]?.startTime ?? null;
    marks.splashEnd ??= performance.getEntriesByName('app:ready', 'mark')[0]?.startTime ?? null;
    const button = document.querySelector<HTMLButtonElement>('[data-testid="menu-item"] [data-testid="add-to-cart"]');
    if (!button || button.disabled || button.getAttribute('aria-disabled') === 'true') return;
    if (!button.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
    const box = button.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    // Below the fold (the name prompt of a QR link's first visit pushes the list down) it is a scroll away; on screen
    // it must not be covered.
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const onScreen = y >= 0 && y <= innerHeight && x >= 0 && x <= innerWidth;
    const top = onScreen ? document.elementFromPoint(x, y) : null;
    if (!onScreen || (top && button.contains(top))) marks.tappable = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const frame = () => {
    check();
    if (marks.tappable === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface Request {
  id: string;
  url: string;
  type: string;
  /** Seconds on the network's monotonic clock. */
  sent: number;
  finished: number | null;
  bytes: number;
}

/** Every request of a page load, with when it was sent and done and its bytes on the wire, from the protocol's events. */
function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (event) => {
    // Pictures written into the page (data: URLs) never reach the network.
    if (event.request.url.startsWith('data:')) return;
    requests.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      type: event.type ?? 'Other',
      sent: event.timestamp,
      finished: null,
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.finished = event.timestamp;
    request.bytes = event.encodedDataLength;
  });
  return requests;
}

interface RunResult {
  tappable: number;
  splashStart: number;
  splashEnd: number;
  /** Requests finished before the tap, in the order sent, each with its depth and times from the navigation, ms. */
  critical: { url: string; type: string; depth: number; start: number; end: number; bytes: number }[];
  all: RunResult['critical'];
}

/**
 * Depth in sequence: the document is 1; any other request is one more than the deepest request that had finished when
 * it was sent. Chromium names no initiator for a module's imports ("about:client"), so what started a request is taken
 * from the times: what was sent only after another answer arrived waited for it, whether it needed it or the app made
 * it wait. A chain of imports nobody preloads counts one per link; requests sent side by side share a depth.
 */
function depths(requests: Request[]): Map<string, number> {
  const depth = new Map<string, number>();
  for (const request of requests) {
    let deepest = 0;
    for (const before of requests) {
      if (before.finished !== null && before.finished <= request.sent && before !== request) {
        deepest = Math.max(deepest, depth.get(before.id) ?? 0);
      }
    }
    depth.set(request.id, deepest + 1);
  }
  return depth;
}

async function measureRun(url: string, profile: NetworkProfile): Promise<RunResult> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript('globalThis.__name = (target) => target;');
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = recordRequests(cdp);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.download,
    uploadThroughput: profile.upload,
  });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __slow: Marks }).__slow.tappable !== null, null, {
      timeout: 60_000,
      polling: 200,
    });
    const marks = await page.evaluate(() => (window as unknown as { __slow: Marks }).__slow);
    // The page's clock starts at the navigation; the network's, at some moment of its own: the document's request
    // was sent at the navigation's start.
    const list = [...requests.values()].sort((a, b) => a.sent - b.sent);
    const origin = list[0]!.sent;
    const at = (seconds: number) => (seconds - origin) * 1000;
    const depth = depths(list);
    const all = list.map((request) => ({
      url: request.url,
      type: request.type,
      depth: depth.get(request.id)!,
      start: at(request.sent),
      end: request.finished === null ? Number.NaN : at(request.finished),
      bytes: request.bytes,
    }));
    return {
      tappable: marks.tappable!,
      splashStart: marks.splashStart ?? Number.NaN,
      splashEnd: marks.splashEnd ?? Number.NaN,
      critical: all.filter((request) => request.end <= marks.tappable!),
      all,
    };
  } finally {
    await context.close();
  }
}

const provider = await serveBuild('slow', { appDir: options.dist });
const [table] = await provider.db.query<{ id: number; table_key: string }>(
  'SELECT id, table_key FROM dining_tables WHERE removed_at IS NULL ORDER BY id LIMIT 1',
);
if (!table) throw new Error('The demo restaurant has no table');
// The printed QR code's link (docs/bill.md).
const qrLink = `${provider.url}/?table=${table.id}&key=${encodeURIComponent(table.table_key)}`;
const browser = await launchChromium();
const shortUrl = (url: string) => url.replace(provider.url, '').replace(/key=[^&]+/, 'key=…');
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

try {
  for (const profile of profiles as NetworkProfile[]) {
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await measureRun(qrLink, profile);
      runs.push(result);
      console.log(
        `  run ${run + 1}: tappable at ${result.tappable.toFixed(0)} ms (${Number.isFinite(result.splashStart) ? `splash ${result.splashStart.toFixed(0)}–${result.splashEnd.toFixed(0)} ms` : 'no splash: its 3 s were spent'})`,
      );
    }
    const figure = (pick: (run: RunResult) => number, unit = 'ms', digits = 0) =>
      formatFigure(summarise(runs.map(pick)), unit, digits);
    const median = [...runs].sort((a, b) => a.tappable - b.tappable)[Math.floor(runs.length / 2)]!;
    const tappable = summarise(runs.map((run) => run.tappable));
    console.log(`\n${profile.name}, cold cache, 390 × 844, ${RUNS} runs: ${shortUrl(qrLink)}`);
    console.log(
      `  first dish tappable: ${figure((run) => run.tappable)} after navigation; target ≤ ${profile.target} ms ${tappable.median <= profile.target ? '✔' : '✘'}`,
    );
    // A guest who watched index.html's still picture for the splash's 3 s before the app's script arrived gets no
    // splash (app.machine.ts): the first screen follows the still picture.
    const withSplash = runs.filter((run) => Number.isFinite(run.splashStart));
    if (withSplash.length > 0) {
      const splashFigure = (pick: (run: RunResult) => number) => formatFigure(summarise(withSplash.map(pick)), 'ms');
      console.log(
        `  splash shown at:     ${splashFigure((run) => run.splashStart)}; over at ${splashFigure((run) => run.splashEnd)}${withSplash.length < runs.length ? ` (${withSplash.length} of ${runs.length} runs)` : ''}`,
      );
      console.log(`  after the splash:    ${splashFigure((run) => run.tappable - run.splashEnd)}`);
    }
    if (withSplash.length < runs.length) {
      console.log(
        `  no splash in ${runs.length - withSplash.length} of ${runs.length} runs: its 3 s were spent on the still picture before the app's script arrived`,
      );
    }
    console.log(`  requests before the tap: ${figure((run) => run.critical.length, '')}`);
    console.log(
      `  round trips in sequence (deepest request before the tap): ${figure((run) => Math.max(...run.critical.map((request) => request.depth)), '')}`,
    );
    console.log(
      `  bytes before the tap (on the wire): ${figure((run) => run.critical.reduce((sum, request) => sum + request.bytes, 0) / 1024, 'kB', 1)}`,
    );
    console.log(`\n  The median run's requests${options.list ? '' : ' before the tap'} (depth, sent → done, bytes):`);
    for (const request of options.list ? median.all : median.critical) {
      console.log(
        `    ${String(request.depth).padStart(2)}  ${request.start.toFixed(0).padStart(5)} → ${request.end.toFixed(0).padStart(5)} ms  ${kB(request.bytes).padStart(9)}  ${request.type.padEnd(10)} ${shortUrl(request.url)}`,
      );
    }
    console.log('');
  }
} finally {
  await browser.close();
  await provider.close();
}
