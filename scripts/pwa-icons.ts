// Draws the installed app's icons (public/icons/*.png) from the plate artwork, in Debian's Chromium: run after changing the artwork.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const svg = readFileSync(new URL('../src/ui/loader/plate-still.svg', import.meta.url), 'utf8').trim();

// `any` icons fill most of the square; maskable ones keep the artwork inside the central 80 % safe zone, since
// launchers crop them to a circle or a squircle.
const ICONS = [
  { file: 'icon-192.png', size: 192, artwork: 0.96 },
  { file: 'icon-512.png', size: 512, artwork: 0.96 },
  { file: 'icon-maskable-512.png', size: 512, artwork: 0.72 },
  { file: 'apple-touch-icon-180.png', size: 180, artwork: 0.86 },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const { file, size, artwork } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const art = Math.round(size * artwork);
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:#fff">` +
        svg.replace('<svg ', `<svg width="${art}" height="${art}" `) +
        '</body>',
    );
    await page.screenshot({ path: new URL(`../public/icons/${file}`, import.meta.url).pathname });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
