import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { characterErrorRate } from '../test-support/cer.ts';
import { corpusExpected, corpusFile } from '../test-support/corpus.ts';
import { dropFile, expect, test } from './fixtures.ts';

// The one test that lets the site's service worker in (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const IMAGE = 'ocr/pytesseract-test.jpg';
const pdf = (file: string) => ({ name: file.split('/').pop()!, mimeType: 'application/pdf', buffer: corpusFile(file) });
const docx = (file: string) => ({
  name: file.split('/').pop()!,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: corpusFile(file),
});
const pageCount = (path: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);

async function readImage(page: Page) {
  await expect(page.getByText('Text extracted successfully!')).toHaveCount(0);
  await dropFile(page, '[data-testid=drop-zone]', corpusFile(IMAGE), 'scan.jpg', 'image/jpeg');
  await expect(page.getByText('Text extracted successfully!')).toBeVisible();
  const text = await page.getByTestId('result-text').inputValue();
  expect(characterErrorRate(text, corpusExpected(IMAGE))).toBeLessThanOrEqual(0.02);
}

async function mergeTwo(page: Page) {
  await page.getByTestId('file-input').setInputFiles(pdf('pdf/tracemonkey.pdf'));
  await page.getByTestId('file-input').setInputFiles(pdf('tables/AnimalSounds.pdf'));
  await expect(page.getByTestId('page-count')).toHaveText(['Pages: 14', 'Pages: 1']);
  await page.getByTestId('convert').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Merged PDF' }).click()]);
  expect(pageCount(await download.path())).toBe(15);
}

/** The stored copy of an address in the worker's caches, as the page sees them. */
const stored = (page: Page, address: string) => page.evaluate(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), address);

test('after one visit the hero and Merge PDF work with the network off, reloaded; Word to PDF says it needs the network', async ({ page, context }) => {
  await page.goto('/');
  // The worker takes the page over once installed; the tools used from then on are stored as they load.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => stored(page, '/')).toBe(true);
  await readImage(page);

  // To Merge PDF by the site's own link: the app draws it without loading a page, and tells the worker to keep it.
  await page.locator('#tools a[href="/merge-pdf"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merge PDF Files');
  await expect.poll(() => stored(page, '/merge-pdf')).toBe(true);
  await mergeTwo(page);
  await page.goto('/word-to-pdf');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word to PDF Converter');

  const kept = await page.evaluate(async () => {
    const addresses = await Promise.all(
      (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)),
    );
    return addresses.flat();
  });
  expect(
    kept.some((path) => path.endsWith('eng.traineddata.gz')),
    'the OCR model is stored',
  ).toBe(true);
  expect(
    kept.filter((path) => /^\/(api|parse|v1|healthz)(\/|$)/.test(path)),
    'no API answer is stored',
  ).toEqual([]);
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  test.info().annotations.push({ type: 'figure', description: `${kept.length} addresses stored, ${(usage / 2 ** 20).toFixed(1)} MiB of storage` });

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word to PDF Converter');
  // A server tool cannot work offline, and says so rather than blaming the file.
  await page.getByTestId('file-input').setInputFiles(docx('word/poi-SampleDoc.docx'));
  await expect(page.getByText('Our server could not be reached. This tool needs our server, so it works only online').first()).toBeVisible();

  await page.goto('/merge-pdf');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merge PDF Files');
  await mergeTwo(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Image to Text Converter' })).toBeVisible();
  await readImage(page);
});
