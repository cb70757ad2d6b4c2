// Axe with every rule on, failing on serious and critical violations: the case screens' accessibility check.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousAxeViolations(page: Page, where = page.url()): Promise<void> {
  // Mid-slide, text is still blended with an overlay: measure contrast once it has settled.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.effect?.getTiming().iterations !== 1 || animation.playState !== 'running',
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    where,
  ).toEqual([]);
}
