/** axe-core in a page of the widget's browser tests. */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const AXE_PATH = resolve('node_modules/axe-core/axe.min.js');

/**
 * axe-core's serious and critical findings on the page (it looks into open shadow roots), and its landmark ones
 * (moderate to axe): a widget must not add a second banner or contentinfo to the page it is embedded in, nor
 * landmarks that cannot be told apart.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(context: Document): Promise<Result> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id.startsWith('landmark-'))
      .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
}
