// `npm run lighthouse`: audits the production build, served by the reference provider, with Debian's Chromium; prints the scores.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { serveBuild } from '../bench/served-build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/cart'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// Lighthouse's default is a throttled phone; a restaurant's tablets on Wi-Fi sit between that and desktop, so both are run.
const ALL_PRESETS = { mobile: undefined, desktop: desktopConfig } as const;
const PRESETS = Object.fromEntries(
  Object.entries(ALL_PRESETS).filter(
    ([name]) => !process.env.LIGHTHOUSE_PRESETS || process.env.LIGHTHOUSE_PRESETS.split(',').includes(name),
  ),
);
// TBT moves by tens of ms between runs on a shared machine, so a figure is the median of several (LIGHTHOUSE_RUNS).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// LIGHTHOUSE_SAVE=dir keeps each run's report and trace (open the trace in DevTools' Performance panel);
// LIGHTHOUSE_DETAILS=1 prints where each run's main thread went: long tasks, scripts, categories, the LCP element.
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
const DETAILS = Boolean(process.env.LIGHTHOUSE_DETAILS) || Boolean(SAVE_DIR);

interface Row {
  preset: string;
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  tbt: number;
  lcp: number;
}

interface Installable {
  manifest: string;
  manifestErrors: string[];
  serviceWorker: string;
  installabilityErrors: string[];
}

/**
 * Lighthouse 12 dropped its PWA category and installable audit; this asks Chromium itself, as that audit did
 * (`Page.getInstallabilityErrors`), after a first visit has installed the service worker.
 */
async function checkInstallable(origin: string): Promise<Installable> {
  // A profile of its own: Chromium never offers to install from an incognito window.
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const serviceWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? 'none');
    const cdp = await browser.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    return {
      manifest: manifest.url || 'none',
      manifestErrors: manifest.errors.map((error) => error.message),
      serviceWorker,
      installabilityErrors: installabilityErrors.map((error) => error.errorId),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Audits = Result['lhr']['audits'];

function saveRun(dir: string, name: string, result: Result) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.report.json`), JSON.stringify(result.lhr));
  const trace = (result.artifacts as { Trace?: unknown }).Trace;
  if (trace) writeFileSync(join(dir, `${name}.trace.json`), JSON.stringify(trace));
}

const shortUrl = (url: unknown) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(none)';
const items = (audits: Audits, id: string) =>
  ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).filter(Boolean);
const ms = (value: unknown) => `${Math.round(Number(value ?? 0))}`;

/**
 * Where the main thread went in one run, from Lighthouse's own audits: on the phone profile their durations are the
 * simulated ones (4× slowdown), the same figures TBT is summed from (every task's time over 50 ms counts).
 */
function printMainThread(label: string, audits: Audits) {
  console.log(`\n  ${label}: TBT ${ms(audits['total-blocking-time']?.numericValue)} ms`);
  const tasks = items(audits, 'long-tasks');
  console.log(
    `    long tasks (${tasks.length}): ${tasks
      .map((task) => `${ms(task.duration)} ms at ${ms(task.startTime)} ${shortUrl(task.url)}`)
      .join('; ')}`,
  );
  console.log(
    `    scripts (total / scripting / parse+compile ms): ${items(audits, 'bootup-time')
      .map((row) => `${shortUrl(row.url)} ${ms(row.total)} / ${ms(row.scripting)} / ${ms(row.scriptParseCompile)}`)
      .join('; ')}`,
  );
  console.log(
    `    main thread by category (ms): ${items(audits, 'mainthread-work-breakdown')
      .map((row) => `${String(row.groupLabel ?? row.group)} ${ms(row.duration)}`)
      .join('; ')}`,
  );
  const lcp = items(audits, 'largest-contentful-paint-element');
  const element = (lcp[0]?.items as { node?: { snippet?: string; nodeLabel?: string } }[] | undefined)?.[0]?.node;
  const phases = ((lcp[1]?.items as { phase?: string; timing?: number }[] | undefined) ?? [])
    .map((phase) => `${phase.phase} ${ms(phase.timing)}`)
    .join(', ');
  console.log(
    `    LCP ${ms(audits['largest-contentful-paint']?.numericValue)} ms: ${element?.snippet ?? '?'} (${phases})`,
  );
}

// A build of its own, so a test run serving dist/ meanwhile is not disturbed.
const provider = await serveBuild('lighthouse');
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

// Lighthouse sometimes loses its own trace (NO_NAVSTART and the like, a run with no figures): such a run is said and
// made again, so a median is never taken over a run that measured nothing.
async function audit(page: string, config: (typeof PRESETS)[keyof typeof PRESETS]) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      `${provider.url}${page}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    console.log(`  ${page}: Lighthouse failed to measure (${error.code}); ${attempt < 3 ? 'again' : 'giving up'}`);
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${page}: ${error.message}`);
  }
}

const rows: Row[] = [];
let installable: Installable | undefined;
try {
  for (const [preset, config] of Object.entries(PRESETS)) {
    for (const page of PAGES) {
      for (let run = 0; run < RUNS; run++) {
        const result = await audit(page, config);
        const { categories, audits } = result.lhr;
        if (SAVE_DIR) saveRun(SAVE_DIR, `${preset}${page.replaceAll('/', '-')}-${run + 1}`, result);
        if (DETAILS) printMainThread(`${preset} ${page} run ${run + 1}`, audits);
        rows.push({
          preset,
          page,
          scores: Object.fromEntries(
            CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
          ) as Row['scores'],
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        });
        const failing = Object.values(audits).filter(
          (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
        );
        for (const audit of failing) {
          console.log(`  ${preset} ${page}: ${audit.id}: ${audit.title}`);
          const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
          for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
        }
      }
    }
  }
  installable = await checkInstallable(provider.url);
} finally {
  await chrome.kill();
  await provider.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
// One row per page and profile: the median of its runs, with every run's TBT beside it.
const groups = new Map<string, Row[]>();
for (const row of rows)
  groups.set(`${row.preset} ${row.page}`, [...(groups.get(`${row.preset} ${row.page}`) ?? []), row]);

console.log(
  `\nLighthouse, median of ${RUNS} run(s); load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} (targets: accessibility 100, best practices 100, CLS 0, TBT < 50 ms; LCP includes the 3 s splash)\n`,
);
console.table(
  [...groups.values()].map((runs) => ({
    preset: runs[0]!.preset,
    page: runs[0]!.page,
    performance: median(runs.map((row) => row.scores.performance)),
    accessibility: median(runs.map((row) => row.scores.accessibility)),
    'best practices': median(runs.map((row) => row.scores['best-practices'])),
    seo: median(runs.map((row) => row.scores.seo)),
    CLS: Number(median(runs.map((row) => row.cls)).toFixed(3)),
    'TBT (ms)': Math.round(median(runs.map((row) => row.tbt))),
    'TBT runs (ms)': runs.map((row) => Math.round(row.tbt)).join(' '),
    'LCP (ms)': Math.round(median(runs.map((row) => row.lcp))),
  })),
);

if (installable) {
  console.log('\nInstallable (Chromium: Page.getAppManifest, Page.getInstallabilityErrors)');
  console.log(
    `  manifest: ${installable.manifest}${installable.manifestErrors.length ? ` (${installable.manifestErrors.join('; ')})` : ', no errors'}`,
  );
  console.log(`  service worker controlling the page: ${installable.serviceWorker}`);
  console.log(
    `  installability errors: ${installable.installabilityErrors.length ? installable.installabilityErrors.join(', ') : 'none (installable)'}`,
  );
}
