import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's own words on why each target fails, so a failed run says what to mend. */
  why: string[];
}

/** WCAG 2.2 at level AA, with the A and AA rules of 2.0 and 2.1 it includes. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Serious and critical axe-core violations on the page as it is now (WCAG 2.2 AA); moderate and
 * minor ones are listed in the journey's output for a person to weigh, without failing it.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const findings = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? '',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
    why: v.nodes.map((n) => n.failureSummary ?? ''),
  }));
  const lesser = findings.filter((f) => f.impact !== 'serious' && f.impact !== 'critical');
  for (const finding of lesser)
    console.info(
      `axe ${finding.impact} on ${page.url()}: ${finding.id} (${finding.help}) at ${finding.targets.join(', ')}`,
    );
  return findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
}
