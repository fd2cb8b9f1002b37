import { localizedPath, pagePaths, toolPages } from '../packages/web/src/site-pages.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// axe-core on every page of the site (the home, the static pages, the blog and its posts, each
// tool, and the not-found page), one page after another in one tab: English as a desktop sees it
// in the light theme, German (long words) as a 360 px phone sees it in the dark theme. The states
// after a file is chosen and converted are checked in keyboard.spec.ts, where the keyboard gets there.
const passes = [
  { code: 'en', colorScheme: 'light', viewport: { width: 1280, height: 800 } },
  { code: 'de', colorScheme: 'dark', viewport: { width: 360, height: 740 } },
] as const;

// Tool pages apart from the rest, so the two workers share a language's pages.
const tools = new Set<string>(toolPages.map((tool) => tool.path));
const groups = {
  'site page': [...pagePaths().filter((path) => !tools.has(path)), '/no-such-page'],
  'tool page': pagePaths().filter((path) => tools.has(path)),
};

for (const { code, colorScheme, viewport } of passes) {
  test.describe(`${code}, ${colorScheme} theme, ${viewport.width} px`, () => {
    test.use({ colorScheme, viewport });

    for (const [kind, group] of Object.entries(groups)) {
      test(`every ${code} ${kind} has no axe-core violation`, async ({ page }) => {
        const paths = group.map((path) => localizedPath(code, path));
        let contrastChecked = 0;
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
          if ((await expectNoAxeViolations(page, path)).includes('color-contrast')) contrastChecked++;
        }
        expect(contrastChecked).toBe(paths.length);
      });
    }
  });
}
