import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails if the page asked any host but its own: no CDN, no font host, no
 * analytics, no OCR service. blob: and data: URLs are the page's own memory.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a fixture that gives the test nothing is typed void, so that use() takes no argument.
export const test = base.extend<{ ownHostOnly: void; withinPolicy: void }>({
  /**
   * Pages arrive prerendered and become live when the app hydrates; a click before that is a
   * plain link or form submit. Every navigation here waits for the app's ready mark.
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      return response;
    };
    await use(page);
  },
  ownHostOnly: [
    async ({ page, baseURL }, use) => {
      const foreign: string[] = [];
      const origin = new URL(baseURL!).origin;
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url);
      });
      await use();
      expect(foreign, 'requests to other hosts').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Every test fails if the page broke its own Content-Security-Policy (an inline style or
   * script, a worker from blob:...): the browser refuses it, so what it was for silently fails.
   */
  withinPolicy: [
    async ({ page }, use) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await use();
      expect(refused, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Drops a file on an element the way a browser does: dragenter, dragover, then drop. */
export async function dropFile(page: Page, selector: string, bytes: Uint8Array, name: string, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { base64: Buffer.from(bytes).toString('base64'), name, type },
  );
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer });
  await page.dispatchEvent(selector, 'dragover', { dataTransfer });
  await expect(page.locator(selector)).toHaveAttribute('data-drag-active', 'true');
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

export function readFile(path: string): Buffer {
  return readFileSync(path);
}

/** Chooses an OCR language in the page's picker as a visitor does: opens it, types its code, clicks it. */
export async function chooseOcrLanguage(page: Page, code: string) {
  const picker = page.getByTestId('ocr-language');
  await picker.click();
  await picker.fill(code);
  await page.getByTestId('ocr-language-list').locator(`[data-code="${code}"]`).first().click();
  await expect(picker).toHaveAttribute('data-value', code);
}
