import { API_REQUESTS_PER_MINUTE, JOB_TIMEOUT_MS } from '@textlift/core/service-limits';
import { toolList } from '@textlift/core/tools';
import { dictionary } from './site-pages.ts';
import { expect, test } from './fixtures.ts';

type Texts = {
  footer: { api: string };
  apiDocs: { title: string; limitsTitle: string };
  pageTitles: { apiDocs: string };
  terms: { title: string };
};
const texts = (code: string) => dictionary(code) as unknown as Texts;

// The texts are checked in every language by the unit tests (static-pages.test.ts, api-reference.test.ts);
// these check the page as served: its examples name this server, the limits are core's, the links lead to it.
for (const code of ['en', 'de']) {
  const home = code === 'en' ? '' : `/${code}`;

  test(`${home}/api-docs shows every tool's curl example for this server and the server's limits`, async ({ page, baseURL }) => {
    const response = await page.goto(`${home}/api-docs`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(code).apiDocs.title);
    const origin = new URL(baseURL!).origin;
    const tools = page.getByTestId('api-tool');
    await expect(tools).toHaveCount(toolList.length);
    for (const tool of toolList) {
      const section = page.locator(`[data-testid="api-tool"][data-slug="${tool.slug}"]`);
      const curl = section.getByTestId('curl');
      await expect(curl, tool.slug).toContainText(`curl `);
      await expect(curl, tool.slug).toContainText(`${origin}/api/v1/convert/${tool.slug}`);
      await expect(curl, tool.slug).toContainText(tool.input.kind === 'text' ? 'text=' : 'file=@');
      // The contents link to the tool's section.
      await expect(page.locator(`nav a[href="#${tool.slug}"]`)).toHaveCount(1);
      if (tool.input.kind === 'files') await expect(section.getByTestId('tool-limits')).toContainText(`${tool.input.maxBytes / (1024 * 1024)} MB`);
    }
    const limits = page.getByTestId('api-limits');
    await expect(limits).toContainText(`${API_REQUESTS_PER_MINUTE} `);
    await expect(limits).toContainText(`${JOB_TIMEOUT_MS / 1000} `);
    const ocrSpace = page.getByTestId('ocr-space').getByTestId('curl');
    await expect(ocrSpace).toHaveCount(2);
    await expect(ocrSpace.first()).toContainText(`${origin}/parse/image`);
    await expect(ocrSpace.last()).toContainText(`${origin}/parse/imageurl?url=`);
    // The machine-readable description it is drawn from is served where the page says.
    const openapi = await page.request.get((await page.getByTestId('openapi-link').getAttribute('href')) ?? '');
    expect(openapi.status()).toBe(200);
    expect(Object.keys((await openapi.json()).paths)).toEqual(
      expect.arrayContaining(['/parse/image', '/parse/imageurl', `/api/v1/convert/${toolList[0]!.slug}`]),
    );
  });

  test(`${home}/api-docs fits a 360 px phone: long commands scroll inside their own box`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${home}/api-docs`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const curl = page.locator('[data-slug="pdf-to-excel"]').getByTestId('curl');
    const box = await curl.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, overflow: getComputedStyle(element).overflowX }));
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(box.overflow).toBe('auto');
    expect(await curl.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
    // Only the code boxes scroll (each a keyboard stop); the tables fit.
    const scrolling = await page
      .locator('main *')
      .evaluateAll((elements) =>
        elements
          .filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'auto')
          .map((element) => element.localName),
      );
    expect(new Set(scrolling)).toEqual(new Set(['pre']));
  });

  test(`the footer and the Terms of ${code} lead to the API's page`, async ({ page }) => {
    await page.goto(`${home}/about-us`);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: texts(code).footer.api, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${home}/api-docs$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(code).apiDocs.title);
    await expect(page).toHaveTitle(new RegExp(texts(code).pageTitles.apiDocs));
    await page.goto(`${home}/terms-of-service`);
    await page.locator('main').locator(`a[href="${home}/api-docs"]`).click();
    await expect(page).toHaveURL(new RegExp(`${home}/api-docs$`));
    await expect(page.getByRole('heading', { level: 2, name: texts(code).apiDocs.limitsTitle })).toBeVisible();
  });
}
