// `npm run bench`: builds the app, serves it with the reference provider on loopback, and prints the figures
// (also written to bench/results.json). A benchmark: it reports, it does not pass or fail.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureAfterSplash } from './after-splash';
import { measureBigMenu } from './big-menu';
import { launchChromium } from './browser';
import { buildApp, measureBytes } from './bytes';
import { measureCart } from './cart';
import { serveBuild } from './served-build';
import { formatFigure, type Figure } from './stats';

const here = fileURLToPath(new URL('.', import.meta.url));
const appDir = join(here, 'tmp/app');
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (figure: Figure) => formatFigure(figure, 'ms');

console.log('Building the app and a bare React 19 page…');
await buildApp(appDir);
const bytes = await measureBytes(appDir, join(here, 'tmp/bare-react'));

console.log('Measuring the cart machine…');
const cart = await measureCart();

console.log('Starting the provider with a 2,000-dish sub-category…');
const provider = await serveBuild('bench', { appDir, seedExtraItems: 2000 });
const browser = await launchChromium();
let afterSplash;
let bigMenu;
try {
  console.log('Measuring the end of the splash in Chromium (cold and warm, 5 runs each)…');
  afterSplash = await measureAfterSplash(browser, `${provider.url}/`);
  console.log('Measuring the big menu…');
  bigMenu = await measureBigMenu(browser, provider.url);
} finally {
  await browser.close();
  await provider.close();
}

const rows = [
  ['Bare React 19 "hello world" (JS, gzip)', kB(bytes.bareReact), ''],
  [
    'Entry: JS + CSS before the splash shows',
    `${kB(bytes.entry)} = ${(bytes.entry / bytes.bareReact).toFixed(2)} × bare`,
    '≤ 1.3 ×',
  ],
  [
    'Everything until the POS screen takes a click',
    `${kB(bytes.untilPosInteractive)} = ${(bytes.untilPosInteractive / bytes.bareReact).toFixed(2)} × bare`,
    '≤ 2.5 ×',
  ],
  [
    "Console's screens, calls and machines in those chunks",
    [kB(bytes.consoleOnGuestPath.screens.gzip), ...bytes.consoleOnGuestPath.screens.modules.map((m) => m.module)].join(
      ' ',
    ),
    '0',
  ],
  [
    '/staff route entries in the route tree, with their search checks (screens load apart)',
    `${kB(bytes.consoleOnGuestPath.routeEntries.gzip)} (${bytes.consoleOnGuestPath.routeEntries.modules.filter((m) => m.module.startsWith('src/routes/')).length} routes)`,
    '',
  ],
  ['Loader animation: lottie-react, light player, Lottie file', kB(bytes.splashAnimation), 'not on the path'],
  [
    'Service worker: before the splash / registration chunk (after load) / sw.js + Workbox',
    `${kB(bytes.serviceWorker.beforeSplash)} / ${kB(bytes.serviceWorker.registration)} / ${kB(bytes.serviceWorker.worker)}`,
    '0 before the splash',
  ],
  ['After the splash → dishes shown (cold)', ms(afterSplash.cold.itemsShown), '< 100 ms'],
  ['After the splash → click accepted (cold)', ms(afterSplash.cold.clickAccepted), '< 100 ms'],
  ['After the splash → dishes shown (warm cache)', ms(afterSplash.warm.itemsShown), '< 100 ms'],
  ['After the splash → click accepted (warm cache)', ms(afterSplash.warm.clickAccepted), '< 100 ms'],
  [`Cart recompute, ${cart.entries} entries, list changed`, ms(cart.recomputeAfterChange), '< 5 ms'],
  [`Cart recompute, ${cart.entries} entries, list unchanged`, ms(cart.recomputeUnchanged), '< 5 ms'],
  [`cart.add to ${cart.entries} entries`, ms(cart.addOne), ''],
  [`Big menu: show ${bigMenu.items} dishes`, ms(bigMenu.showBig), '< 50 ms'],
  ['Big menu: switch to a small sub-category', ms(bigMenu.switchAway), '< 50 ms'],
  [
    'Big menu: frames over 50 ms during switches',
    `${bigMenu.longFrames} (longest ${bigMenu.longestFrame.toFixed(0)} ms)`,
    '0',
  ],
];

console.log(`\nFigures on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}\n`);
const width = Math.max(...rows.map(([name]) => name!.length));
for (const [name, value, target] of rows) console.log(`${name!.padEnd(width)}  ${value!.padEnd(44)}  ${target}`);

const results = {
  date: new Date().toISOString(),
  cpus: cpus().length,
  node: process.version,
  bytes,
  cart,
  afterSplash,
  bigMenu,
};
writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nWritten to bench/results.json');
