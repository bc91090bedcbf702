// Runs axe-core on the page as it is now and fails with a readable list of every WCAG A/AA violation found.
import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// AxeBuilder evaluates axe-core's source (about 0.5 MB) in the page twice per check. It is put in once per document
// here; the builder is then given an empty source, so a page checked again (its screens change without a new document)
// runs the axe already in it.
const NO_SOURCE = ';';
// The axe-core the builder itself depends on (its own version, not another package's).
const builderRequire = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const { source } = builderRequire('axe-core') as { source: string };

async function axeInPage(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(source);
}

export async function expectNoAxeViolations(page: Page, where: string) {
  await axeInPage(page);
  const { violations } = await new AxeBuilder({ page, axeSource: NO_SOURCE })
    // Axe's default gathers each frame's results in a blank page it opens for every check, which doubles a check's
    // cost; the app has no cross-origin frames (the demo card is its own markup), so checking in the page is complete.
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const readable = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
  );
  expect(readable, `axe violations on ${where}`).toEqual([]);
}
