import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

/** Debian's fast models, served by the build beside best_int (engine-assets.ts). */
const fastModel = /\/engines\/tessdata-fast-[0-9a-f]+\/eng\.traineddata\.gz$/;

// The per-word choice reads a page with two models in the browser as on the server: the second
// (Debian's fast) is fetched when a page first reaches the choice, never while the visitor only
// moves to choose a file, kept in IndexedDB, and both hosts choose the same words.
test('a page read in the browser is read with the fast model too, fetched once and kept, and chosen as the server chooses', async ({ page, request }) => {
  const file = corpusFile('ocr/pytesseract-test.jpg');
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (fastModel.test(r.url())) fetched.push(r.url());
  });
  // Waited for from before the page opens: the model may arrive before the hover returns.
  const firstModel = page.waitForResponse((response) => response.url().endsWith('/lang/eng.traineddata.gz'));
  await page.goto('/');
  await page.getByTestId('drop-zone').hover();
  await firstModel;
  expect(fetched).toEqual([]);

  await page.getByTestId('file-input').setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: file });
  await expect(page.getByTestId('result-text')).toBeVisible({ timeout: 60_000 });
  const read = await page.getByTestId('result-text').inputValue();
  expect(fetched).toHaveLength(1);
  // tesseract.js keeps the model it loaded under the second model's own key, not English's.
  const kept = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      }),
  );
  expect(kept).toContain('./eng.traineddata');
  expect(kept.some((key) => /^tessdata-fast-[0-9a-f]+\/eng\.traineddata$/.test(key))).toBe(true);

  // The server, reading with the same two models (native tesseract), chooses the same words.
  const answer = await request.post('/api/v1/convert/image-to-text', {
    multipart: { file: { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: file }, language: 'eng' },
  });
  expect(answer.ok()).toBe(true);
  expect(read).toContain('The quick brown dog jumped over the');
  expect(read).toBe((await answer.text()).trim());

  // Another visit reads from IndexedDB: the model is not fetched again.
  await page.reload();
  await page.getByTestId('file-input').setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: file });
  await expect(page.getByTestId('result-text')).toHaveValue(read, { timeout: 60_000 });
  expect(fetched).toHaveLength(1);
});
