// axe-core over a page as it stands. The source goes in through page.evaluate, which the product's CSP
// allows (a <script> tag with inline content is refused, rightly), once per document: the page keeps it across
// in-app navigation. @axe-core/playwright's AxeBuilder injects it again on every analyze() and finishes in
// a second page, about 15 times slower here (18 s against 1.2 s a page on a busy two-core machine).
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what the product promises (issue 10). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

export type AxeFinding = { rule: string; impact: string; targets: string[]; summary: string };

/**
 * The serious and critical violations on the page at rest (moderate and minor ones are not counted). axe runs once
 * motion has stopped; what it finds is looked at a second time after motion stops again, and only what is still
 * there counts: a toast that starts to fade in while axe reads it shows half its contrast for a moment (seen in
 * CI: a message title at 3.29:1 on its way to full colour), and a real violation is there on both looks.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await stillMotion(page);
  const found = await axeFindings(page);
  if (found.length === 0) return found;
  await stillMotion(page);
  return axeFindings(page);
}

async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_AA }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) =>
      (
        window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }
      ).axe.run(document, runOptions),
    options,
  );
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        targets: node.target.map(String),
        summary: (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim(),
      })),
    );
}

/**
 * Waits until no finite animation or transition is running, so axe reads each colour at rest, not halfway through
 * a fade (a toast, a drawer). Endless ones (spinners) are not waited for. Earlier this shortened every animation
 * to 1 ms with a style left in the page, and antd's motion then sometimes never saw the end of one: a button's
 * loading icon stayed, naming it "loading Continue" for the rest of the test.
 */
export async function stillMotion(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** One line per finding, for the failure message and the report. */
export function describeFindings(findings: Map<string, AxeFinding[]>): string {
  const lines: string[] = [];
  for (const [where, found] of findings) {
    if (found.length === 0) continue;
    lines.push(`${where}: ${found.length}`);
    for (const finding of found) {
      lines.push(`  ${finding.rule} (${finding.impact}) ${finding.targets.join(' ')} ${finding.summary}`);
    }
  }
  return lines.join('\n');
}

/** Fails the test with one line per finding when the page, once its spinners are gone, has any (see above). */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  const found = await seriousViolations(page);
  expect(found, describeFindings(new Map([[where, found]]))).toEqual([]);
}
