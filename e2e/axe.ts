import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string }>;
}

/**
 * Waits (up to 2 s) for the page's finite animations and transitions to end, so axe never measures
 * a colour halfway through a fade; endless ones (spinners, skeleton pulses) are left running.
 */
const SETTLE_ANIMATIONS = `Promise.race([
  Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))),
  new Promise((resolve) => setTimeout(resolve, 2000)),
])`;

/** axe-core's WCAG 2 A/AA rules on the page as it is now; each violation as one readable line. */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluate() runs through the DevTools protocol, so the app's CSP does not apply to axe itself.
  await page.evaluate(SETTLE_ANIMATIONS);
  // Once per document: a client-side navigation keeps the axe already loaded.
  if (!(await page.evaluate(`typeof window.axe !== 'undefined'`))) await page.evaluate(AXE_SOURCE);
  // resultTypes: only violations are collected in full, passes and the rest are counted (axe's documented speed-up).
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) })))`,
  )) as AxeViolation[];
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  return violations.map((v) => `${path}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).slice(0, 3).join(', ')}`);
}

