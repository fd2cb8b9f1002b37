import { toolList } from '@textlift/core';
import en from '../packages/web/src/i18n/locales/en.json' with { type: 'json' };
import { expect, test } from './fixtures.ts';

type ToolTexts = Record<string, { title: string; pageTitle?: string }>;
const texts = en.tools as ToolTexts;

// Driven by the registry: a new tool is checked here without a line of its own. One tab visits
// them all: a fresh browser context for each cost about a second and a half of a 2-core machine,
// and these pages depend on nothing an earlier visit leaves behind.
test('each tool page loads with its title, says where the work runs, and is not in its own list of tools', async ({ page }) => {
  for (const tool of toolList.filter((entry) => entry.path !== '/')) {
    await page.goto(tool.path);
    await expect(page.getByRole('heading', { level: 1 }), tool.path).toHaveText(texts[tool.i18nKey]!.title);
    await expect(page, tool.path).toHaveTitle(`${texts[tool.i18nKey]!.pageTitle} | TextLift`);
    // The Image Translator's image is read here; where its text goes, its engine notice says.
    const where = tool.runsOn === 'device' ? /(Runs|read) on your device/ : en.toolPage.runsOnServer;
    await expect(page.getByTestId('runs-on').filter({ hasText: where }).first(), tool.path).toBeVisible();
    // The other tools are listed below, this one is not.
    await expect(page.locator(`a[href="${tool.path}"]`).filter({ hasText: en.tools[tool.i18nKey as keyof typeof en.tools].name }), tool.path).toHaveCount(0);
  }
});
