import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * Runs axe-core on the page as it is now and fails with each violation's rule, help and elements,
 * so a failure says what to fix. axe comes from node_modules, evaluated through the DevTools
 * protocol: the app's Content-Security-Policy (rightly) refuses a script tag added to the page.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe.run();
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  const described = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `  ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`)
        .join('\n')}`,
  );
  expect(described, `axe on ${screen}`).toEqual([]);
}
