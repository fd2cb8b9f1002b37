import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Runs axe-core on the page as it stands, with every rule axe runs by default (WCAG 2.0–2.2 A and
 * AA, colour contrast included, and its best practices), and fails naming each violation and
 * where. Returns the ids of the rules that passed, so a caller can check a rule really ran.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<string[]> {
  const { violations, passes } = await new AxeBuilder({ page }).analyze();
  const found = violations.flatMap((violation) => violation.nodes.map((node) => `${where}: ${violation.id} (${violation.help}) at ${node.target.join(' ')}`));
  expect(found, where).toEqual([]);
  return passes.map((rule) => rule.id);
}
