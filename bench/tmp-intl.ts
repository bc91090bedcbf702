import { launchChromium } from './browser';
const browser = await launchChromium();
for (const [a, b] of [['en-US', 'es'], [undefined, 'en-US'], ['en-US', 'ar'], ['x', 'en-US']] as const) {
  const page = await browser.newPage();
  await page.goto('data:text/html,<p>x</p>');
  const r = await page.evaluate(([a, b]) => {
    const t0 = performance.now();
    if (a === 'x') new Intl.NumberFormat('en-US').format(1);
    else new Intl.NumberFormat(a, { style: 'currency', currency: 'USD' }).format(1);
    const t1 = performance.now();
    new Intl.NumberFormat(b, { style: 'currency', currency: 'USD' }).format(1);
    const t2 = performance.now();
    return [t1 - t0, t2 - t1];
  }, [a, b]);
  console.log(a, b, r.map((x) => x.toFixed(1)));
  await page.close();
}
await browser.close();
