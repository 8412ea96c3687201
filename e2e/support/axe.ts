import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { pathOf } from './fixtures.ts';

/**
 * The rules whose every violation is minor or moderate: axe gives each rule one impact and stamps
 * it on all its findings, so these can never fail a test, yet they took about a third of each
 * scan (issue #18). Read from the axe-core that AxeBuilder injects, so an upgrade that raises a
 * rule to serious brings it back by itself; a rule without a fixed impact keeps running.
 */
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { _audit: { rules: { id: string; impact?: string }[] } };
const rulesBelowSerious = axeCore._audit.rules.filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate').map((rule) => rule.id);

/**
 * The serious and critical axe violations on the page as it is, one line per element, named by
 * `where`, rule and element, so a failure says where to look. Measured once every finite
 * animation has ended and nothing is busy: a toast fading in, a menu fading out or a list dimmed
 * while a live update refetches it has, for that moment, a contrast no one reads.
 */
export async function seriousViolations(page: Page, where = pathOf(page)): Promise<string[]> {
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"]') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // A change can land after the wait (a live refetch) and start a colour transition mid-scan: axe
  // then reads a chip's new text on its old background. Transitions are off while axe reads the
  // page, so it sees every element in its final colours; the page's own behaviour is untouched.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const results = await new AxeBuilder({ page })
    // An accessible name must contain the visible label (WCAG 2.5.3); axe ships this rule switched off.
    // Only violations are read: passes and incomplete results go unbuilt.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .disableRules(rulesBelowSerious)
    // axe.run in the page itself. The default gathers each frame's partial results and finishes
    // them in a new blank page: a page opened and axe injected again for every scan, half of each
    // scan's time (issue #18). Our pages hold no cross-origin frame, the one thing only it reaches.
    .setLegacyMode(true)
    .analyze()
    .finally(() => still.evaluate((style) => (style as Element).remove()));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${where} [${violation.impact}] ${violation.id}: ${violation.help} — ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
      ),
    );
}
