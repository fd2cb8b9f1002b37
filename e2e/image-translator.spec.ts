import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A browser without the built-in translator (Chrome's Translator API), as most are. */
async function withoutBuiltInTranslator(page: Page) {
  await page.addInitScript(() => {
    delete (window as { Translator?: unknown }).Translator;
  });
}

/** The page in a browser without the built-in translator, this target chosen: its engine notice. */
async function chooseTarget(page: Page, target: string) {
  await withoutBuiltInTranslator(page);
  await page.goto('/image-translator');
  await page.getByLabel('Translate into').selectOption(target);
  return page.getByTestId('translation-engine');
}

const page1 = () => ({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: corpusFile('ocr/pytesseract-test.jpg') });

/**
 * Whether the page has said "Recognising text" since the last call: the words are watched as
 * they change, so a stage shown for a moment is seen too.
 */
async function watchRecognising(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = window as { sawRecognising?: boolean };
    seen.sawRecognising = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Recognising text')) seen.sawRecognising = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page.evaluate(() => {
      const seen = window as { sawRecognising?: boolean };
      const saw = Boolean(seen.sawRecognising);
      seen.sawRecognising = false;
      return saw;
    });
}

/** The scan's first paragraph alone (three printed lines): a third of the reading time. */
async function firstParagraph() {
  const buffer = await sharp(corpusFile('ocr/pytesseract-test.jpg')).extract({ left: 0, top: 70, width: 640, height: 130 }).png().toBuffer();
  return { name: 'paragraph.png', mimeType: 'image/png', buffer };
}

test("Image Translator: English to Spanish by our server's Apertium, side by side, copied and saved as .txt", async ({ page }) => {
  await withoutBuiltInTranslator(page);
  await page.goto('/image-translator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Translator');
  // Nothing can be chosen before the target language.
  await expect(page.getByRole('button', { name: 'Browse Files' })).toBeDisabled();
  await expect(page.getByTestId('drop-zone-disabled')).toHaveText('Choose the language to translate into first.');

  await page.getByLabel('Translate into').selectOption('es');
  const notice = page.getByTestId('translation-engine');
  await expect(notice).toHaveAttribute('data-engine', 'apertium');
  await expect(notice).toContainText('translated from English into Spanish by Apertium');
  await expect(page.getByRole('button', { name: 'Browse Files' })).toBeEnabled();

  const sawRecognising = await watchRecognising(page);
  await page.getByTestId('file-input').setInputFiles(page1());
  await expect(page.getByTestId('translated-by')).toHaveText('Translated by Apertium on our server.');
  expect(await sawRecognising()).toBe(true);
  await expect(page.getByTestId('original-text')).toHaveValue(/The quick brown dog jumped over the\nlazy fox\./);
  const translation = page.getByTestId('translation-text');
  await expect(translation).toHaveValue(/^Esto es mucho 12 texto de punto para probar el ocr código/);
  const text = await translation.inputValue();
  // Two paragraphs, as in the image; the wrapped lines of each joined into sentences.
  expect(text.split('\n\n')).toHaveLength(2);
  expect(text).toContain('El perro marrón rápido saltó el zorro perezoso.');

  await page.getByRole('button', { name: 'Copy translation' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-translation').click()]);
  expect(download.suggestedFilename()).toBe('page-es.txt');
  expect(readFileSync(await download.path(), 'utf8')).toBe(text);

  // Another target: the same picture converted again, its text translated anew, not read again.
  const original = await page.getByTestId('original-text').inputValue();
  await page.getByLabel('Translate into').selectOption('fr');
  await expect(notice).toContainText('it translates through Spanish');
  await page.getByRole('button', { name: 'Convert again' }).click();
  await expect(translation).toHaveValue(/^Ceci est beaucoup de 12 texte de point pour essayer le ocr code/);
  await expect(page.getByTestId('original-text')).toHaveValue(original);
  expect(await sawRecognising()).toBe(false);
  const [french] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-translation').click()]);
  expect(french.suggestedFilename()).toBe('page-fr.txt');
});

test('Image Translator: English to French through Spanish, said before the upload', async ({ page }) => {
  const notice = await chooseTarget(page, 'fr');
  await expect(notice).toHaveAttribute('data-engine', 'apertium');
  await expect(notice).toContainText('it translates through Spanish');
  await page.getByTestId('file-input').setInputFiles(await firstParagraph());
  await expect(page.getByTestId('translation-text')).toHaveValue(/^Ceci est beaucoup de 12 texte de point pour essayer le ocr code et voir si/);
  await expect(page.getByTestId('translated-by')).toHaveText('Translated by Apertium on our server.');
});

test('Image Translator: German with no built-in translator and no LibreTranslate says so before the upload', async ({ page }) => {
  const notice = await chooseTarget(page, 'de');
  await expect(notice).toHaveAttribute('data-engine', 'none');
  await expect(notice).toContainText('No translator here can translate English into German.');
  await expect(notice).toContainText('connecting a LibreTranslate server');
  await expect(page.getByRole('button', { name: 'Browse Files' })).toBeDisabled();
  await expect(page.getByTestId('drop-zone-disabled')).toHaveText('No translator is ready for these languages yet: see the note above.');
});

test("Image Translator: the browser's own translator, its model downloaded on a click, and nothing sent to translate", async ({ page }) => {
  // Chrome's Translator API as the browser would offer it; Debian's Chromium has the API but
  // cannot download models here, so the test plays the browser's part.
  await page.addInitScript(() => {
    let downloaded = false;
    (window as unknown as { Translator: unknown }).Translator = {
      availability: async ({ targetLanguage }: { targetLanguage: string }) =>
        targetLanguage === 'de' ? (downloaded ? 'available' : 'downloadable') : 'unavailable',
      create: async ({ monitor }: { monitor?(m: EventTarget): void }) => {
        const target = new EventTarget();
        monitor?.(target);
        for (const loaded of [0.25, 0.5, 1]) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          target.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded }));
        }
        downloaded = true;
        return { translate: async (text: string) => `[auf Deutsch] ${text}` };
      },
    };
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/translate') && request.method() === 'POST') sent.push(request.url());
  });
  await page.goto('/image-translator');
  await page.getByLabel('Translate into').selectOption('de');
  const notice = page.getByTestId('translation-engine');
  await expect(notice).toHaveAttribute('data-engine', 'download');
  await expect(page.getByRole('button', { name: 'Browse Files' })).toBeDisabled();
  await page.getByTestId('download-model').click();
  await expect(notice).toHaveAttribute('data-engine', 'device');
  await expect(notice).toContainText('on this device');

  await page.getByTestId('file-input').setInputFiles(await firstParagraph());
  await expect(page.getByTestId('translated-by')).toHaveText("Translated on your device by your browser's built-in translator.");
  await expect(page.getByTestId('translation-text')).toHaveValue(/^\[auf Deutsch\] This is a lot of 12 point text/);
  expect(sent).toEqual([]);
});
