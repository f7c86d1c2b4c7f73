/**
 * axe-core on the page as it stands: the violations a journey must not have, in words a person
 * can act on (rule, impact, what it asks, where).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts issue 15 forbids: "no violation of impact serious or critical". */
const FORBIDDEN_IMPACTS = new Set(['serious', 'critical']);

/** Every serious or critical violation of axe's rules (all of them: WCAG 2.x A/AA and best practice). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => FORBIDDEN_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const where = violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ');
      return `${violation.id} (${violation.impact ?? '?'}): ${violation.help} at ${where}`;
    });
}
