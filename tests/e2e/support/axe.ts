// Runs axe-core on the page as it is now and fails with a readable list of every WCAG A/AA violation found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
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
