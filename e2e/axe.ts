import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Runs axe-core on the page as it stands, with every rule axe runs by default (WCAG 2.0–2.2 A and
 * AA, colour contrast included, and its best practices), and fails naming each violation and
 * where. Returns the ids of the rules that passed, so a caller can check a rule really ran.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<string[]> {
  // Legacy mode runs axe in the page's frames without opening a blank page to gather their
  // results (the site has no iframes), and only violations carry every node: 0.4 s a page
  // instead of 1.5-2.5 s on a busy 2-core machine, the same violations.
  const { violations, passes } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const found = violations.flatMap((violation) => violation.nodes.map((node) => `${where}: ${violation.id} (${violation.help}) at ${node.target.join(' ')}`));
  expect(found, where).toEqual([]);
  return passes.map((rule) => rule.id);
}
