import type { Locator, Page } from '@playwright/test';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { imageTypes } from '@textlift/core/sniff';
import { toolList, type ToolDefinition } from '@textlift/core/tools';
import en from '../packages/web/src/i18n/locales/en.json' with { type: 'json' };
import { corpusFile } from '../test-support/corpus.ts';
import { truncated } from '../test-support/images.ts';
import { expect, test } from './fixtures.ts';

/** The phone of issue 33's trial: results landed 900–1,400 px down its 844 px screen. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

type FileTool = ToolDefinition & { input: { kind: 'files' } };
const fileTools = toolList.filter((tool): tool is FileTool => tool.input.kind === 'files');

const readsImages = (tool: FileTool) => tool.input.accepts.some((type) => (imageTypes as readonly string[]).includes(type));
const readsWord = (tool: FileTool) => tool.input.accepts.includes('application/msword');

interface Sample {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A small file each tool takes, by what the registry says it reads: a QR code for a scanner, one
 * printed line for an image tool, a one-page text PDF, a short Word document; as many as the
 * tool needs at least (Merge PDF: two).
 */
function validInput(tool: FileTool): Sample[] {
  const one: Sample =
    tool.answers === 'codes'
      ? { name: 'code.png', mimeType: 'image/png', buffer: corpusFile('qr/qrcode-2_16.png') }
      : readsImages(tool)
        ? { name: 'line.png', mimeType: 'image/png', buffer: corpusFile('ocr/uw3-line-010001.png') }
        : readsWord(tool)
          ? {
              name: 'sample.docx',
              mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              buffer: corpusFile('word/poi-SampleDoc.docx'),
            }
          : { name: 'judgment.pdf', mimeType: 'application/pdf', buffer: corpusFile('pdf/issue11913.pdf') };
  return Array.from({ length: tool.input.minFiles }, (_, index) => ({ ...one, name: index ? `${index}-${one.name}` : one.name }));
}

/** A file of a type the tool does not take: words for a tool that reads pictures, a picture for the others. */
function wrongInput(tool: FileTool): Sample {
  return readsImages(tool)
    ? { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not a picture, only words.\n') }
    : { name: 'photo.png', mimeType: 'image/png', buffer: corpusFile('ocr/uw3-line-010001.png') };
}

/** Chooses what a page asks for before a file (the Image Translator's target), and leaves the browser's own translator out. */
async function openTool(page: Page, tool: FileTool) {
  await page.addInitScript(() => {
    delete (window as { Translator?: unknown }).Translator;
  });
  await page.goto(tool.path);
  for (const select of await page.locator('main select').all()) {
    if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  }
  await expect(page.getByRole('button', { name: en.hero.browse })).toBeEnabled();
}

/** An element wholly on screen, not under the sticky header. */
async function expectOnScreen(page: Page, element: Locator) {
  await expect(element).toBeInViewport({ ratio: 1 });
  const box = (await element.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  expect(box.y, 'below the sticky header').toBeGreaterThanOrEqual(header.y + header.height - 1);
}

test.describe('on a phone, results and errors come where the eye is', () => {
  test.use(phone);

  // Driven by the registry: a tool added later is checked here without a line of its own. Word
  // to JPG's success waits on LibreOffice as Word to PDF's does; one of them is enough for that.
  for (const tool of fileTools) {
    const success = tool.slug !== 'word-to-jpg';
    test(`${tool.path}: a wrong file's message and ${success ? 'the result are' : 'is'} on screen, the result's heading focused`, async ({ page }) => {
      if (readsWord(tool)) test.slow(); // LibreOffice's first start on a loaded machine
      await openTool(page, tool);
      const heading = page.getByTestId('result-heading');

      await page.getByTestId('file-input').setInputFiles(wrongInput(tool));
      const notice = page.getByTestId('upload-notice');
      await expect(notice).toHaveRole('alert');
      await expectOnScreen(page, notice);
      if (!success) return;

      // A tool that lists files (Merge PDF) converts on its button, there from the start; the others at once.
      const convert = page.getByTestId('convert');
      const listed = await convert.isVisible();
      await page.getByTestId('file-input').setInputFiles(validInput(tool));
      if (listed) await convert.click();
      await expect(heading).toBeFocused();
      await expectOnScreen(page, heading);
      await expect(page.getByTestId('result-error')).toHaveCount(0);
      const mark = page.getByTestId('file-status');
      if (await mark.count()) await expect(mark).toHaveAttribute('data-status', 'done');
    });
  }

  test('home: a damaged picture fails in view, its heading says why, the file is crossed, and the toast leaves the upload area clear', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('file-input').setInputFiles({ name: 'cut.png', mimeType: 'image/png', buffer: truncated(corpusFile('ocr/linn.png')) });
    const heading = page.getByTestId('result-heading');
    await expect(heading).toBeFocused();
    await expectOnScreen(page, heading);
    const error = page.getByTestId('result-error');
    await expect(error).toBeInViewport();
    // Said once: by the focused heading's description, not as an alert besides.
    await expect(heading).toHaveAccessibleDescription('This image is damaged or incomplete and cannot be read.');
    await expect(error).not.toHaveRole('alert');
    await expect(page.getByTestId('file-status')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('selected-file-reason')).toHaveText('This image is damaged or incomplete and cannot be read.');

    const toast = page.getByTestId('toast').filter({ hasText: en.toast.failedTitle });
    await expect(toast).toBeVisible();
    const [zone, card] = [(await page.getByTestId('drop-zone').boundingBox())!, (await toast.boundingBox())!];
    expect(zone.y + zone.height <= card.y || card.y + card.height <= zone.y, 'toast clear of the drop zone').toBe(true);
  });

  test('under reduced motion the result is there at once, no glide', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/invert-image');
    // Where the heading is at the moment it takes focus: a smooth scroll would still be on its way.
    await page.evaluate(() => {
      document.addEventListener('focusin', (event) => {
        const target = event.target as HTMLElement;
        if (target.dataset.testid !== 'result-heading') return;
        target.dataset.topAtFocus = String(target.getBoundingClientRect().top);
      });
    });
    await page.getByTestId('file-input').setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: corpusFile('ocr/uw3-line-010001.png') });
    const heading = page.getByTestId('result-heading');
    await expect(heading).toBeFocused();
    const top = Number(await heading.getAttribute('data-top-at-focus'));
    const header = await page
      .locator('header')
      .first()
      .evaluate((element) => element.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(header);
    expect(top).toBeLessThan(844 / 2);
  });

  test('a touch screen is not told to paste with Ctrl+V', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('touch-hint')).toHaveText(en.uploadDescriptionTouch);
    await expect(page.getByTestId('paste-hint')).toBeHidden();
    await page.goto('/invert-image');
    await expect(page.getByTestId('touch-hint')).toBeVisible();
    await expect(page.getByTestId('paste-hint')).toBeHidden();
  });
});

test('on a desktop the paste shortcut is said, and the touch line is not', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('paste-hint')).toHaveText('Drag and drop an image, paste it with Ctrl+V, or browse your files');
  await expect(page.getByTestId('touch-hint')).toBeHidden();
});

test.describe('a failure shows no success beside it', () => {
  test.use(phone);

  test('PDF to Word, a damaged PDF: crossed out with its reason, no "ready" words, the failure focused and in view', async ({ page }) => {
    await page.goto('/pdf-to-word');
    await page.getByTestId('file-input').setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: corpusFile('pdf/poppler-395-0-fuzzed.pdf') });
    const heading = page.getByTestId('result-heading');
    await expect(heading).toBeFocused();
    await expect(page.getByTestId('result-error')).toHaveText(en.pdfToWord.failed);
    await expectOnScreen(page, heading);
    await expect(page.getByTestId('file-status')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('selected-file-reason')).toHaveText(en.pdfToWord.failed);
    await expect(page.getByTestId('file-ready')).toHaveCount(0);
    await expect(page.getByText(en.pdfToWord.resultDescription)).toHaveCount(0);
    await expect(page.getByText(/ready to download/i)).toHaveCount(0);
  });
});

/** Six scanned pages, no text layer: each a printed line of the corpus drawn on a white A5 page. */
async function scannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const lines = ['010001', '010004', '010005', '010010', '010012', '010015'];
  for (const name of lines) {
    const line = corpusFile(`ocr/uw3-line-${name}.png`);
    const { width = 0, height = 0 } = await sharp(line).metadata();
    const scan = await sharp({ create: { width: width + 200, height: height * 4, channels: 3, background: '#ffffff' } })
      .composite([{ input: line, left: 100, top: height }])
      .png()
      .toBuffer();
    const image = await pdf.embedPng(scan);
    const page = pdf.addPage([image.width * 0.5, image.height * 0.5]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await pdf.save());
}

test('PDF to Text, 6 scanned pages: the bar only moves forward, page by page, to the end', async ({ page }) => {
  const pdf = await scannedPdf();
  await page.goto('/pdf-to-text');
  // Every value the bar takes and every step line, as they change: a poll would miss most.
  await page.evaluate(() => {
    const seen = window as unknown as { values: number[]; steps: string[] };
    seen.values = [];
    seen.steps = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = bar && Number(bar.getAttribute('aria-valuenow'));
      if (value !== null && seen.values.at(-1) !== value) seen.values.push(value);
      const step = document.querySelector('[data-testid="progress-text"]')?.textContent;
      if (step && seen.steps.at(-1) !== step) seen.steps.push(step);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.getByTestId('file-input').setInputFiles({ name: 'scanned.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('result-text')).toBeVisible();
  await expect(page.getByTestId('result-heading')).toBeFocused();
  const { values, steps } = await page.evaluate(() => {
    const { values, steps } = window as unknown as { values: number[]; steps: string[] };
    return { values, steps };
  });
  expect(values, values.join(' ')).toEqual([...values].sort((a, b) => a - b));
  expect(values.length, values.join(' ')).toBeGreaterThanOrEqual(6);
  expect(values.at(-1), values.join(' ')).toBeGreaterThanOrEqual(90);
  for (const number of [1, 3, 6]) expect(steps, steps.join(' | ')).toContain(`Processing page ${number} of 6...`);
});

test('a long job can be cancelled: the bar goes, the file waits to be converted again, focus on the result heading', async ({ page }) => {
  await page.goto('/pdf-to-text');
  await page.getByTestId('file-input').setInputFiles({ name: 'scanned.pdf', mimeType: 'application/pdf', buffer: await scannedPdf() });
  await page.getByTestId('cancel').click();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId('result-heading')).toBeFocused();
  await expect(page.getByTestId('convert')).toHaveText(en.toolPage.convertAgain);
  await expect(page.getByTestId('result-text')).toHaveCount(0);
});
