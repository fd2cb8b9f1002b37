import type { Page } from '@playwright/test';
import { findTool, type ToolSlug } from '@textlift/core';
import { corpusFile } from '../test-support/corpus.ts';
import { expect, test } from './fixtures.ts';

/**
 * The name every tool's download is saved under, on the page, for a visitor's own file names:
 * accents and Chinese kept, the tool's suffix after them; typed text named by its first words.
 * Small inputs: a one-line scan, a one-page PDF, a short letter.
 */

const image = { name: 'Überweisung 2026.png', mimeType: 'image/png', buffer: corpusFile('ocr/uw3-line-010004.png') };
const pdf = { name: 'Bericht 报告.pdf', mimeType: 'application/pdf', buffer: corpusFile('tables/AnimalSounds.pdf') };
const word = {
  name: 'Brief für Ana.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: corpusFile('word/mammoth-simple-list.docx'),
};

interface NameCase {
  /** What the visitor does before the download is offered. */
  prepare(page: Page): Promise<void>;
  /** The button that downloads. */
  download: string;
  name: string;
}

const chooseFile = (file: typeof image | Array<typeof image>) => (page: Page) => page.getByTestId('file-input').setInputFiles(file);
const typeText =
  (text: string, convert = true) =>
  async (page: Page) => {
    await page.getByTestId('text-input').fill(text);
    if (convert) await page.getByTestId('convert').click();
  };

/** A tool whose download name another spec checks already, on its own user's path. */
type CheckedIn = `${string}.spec.ts`;

/**
 * Every tool, by the registry's slugs: a new tool does not compile here until its name is checked.
 * The scanners show codes, not files. The name is made in core, the same in the worker for ASCII
 * or not: a tool that reads a picture by OCR (10 s a page load here) and has its name checked
 * in its own spec is not read again here. Word to JPG lays a document out with LibreOffice too:
 * only one Word tool pays its start here.
 */
const cases: Record<ToolSlug, NameCase | CheckedIn | 'codes'> = {
  'image-to-text': 'hero-extract.spec.ts',
  'pdf-to-text': { prepare: chooseFile(pdf), download: 'Download', name: 'Bericht 报告_extracted.txt' },
  'jpg-to-word': 'jpg-to-word.spec.ts',
  'pdf-to-word': { prepare: chooseFile(pdf), download: 'Download Word File', name: 'Bericht 报告.docx' },
  'ocr-pdf': 'ocr-pdf.spec.ts',
  'text-to-pdf': { prepare: typeText('Einkaufsliste für Samstag\nÄpfel, Brot'), download: 'Download PDF', name: 'Einkaufsliste für Samstag.pdf' },
  'text-to-word': { prepare: typeText('Protokoll: Sitzung 3/2026\n\nAnwesend: alle'), download: 'Download Word File', name: 'Protokoll Sitzung 3 2026.docx' },
  'image-to-pdf': {
    prepare: async (page) => {
      await chooseFile(image)(page);
      await page.getByTestId('convert').click();
    },
    download: 'Download PDF',
    name: 'Überweisung 2026.pdf',
  },
  'image-translator': 'image-translator.spec.ts',
  // One page: its JPEG, not a .zip of one.
  'pdf-to-jpg': { prepare: chooseFile(pdf), download: 'Download the page (.jpg)', name: 'Bericht 报告_page_1.jpg' },
  // Laid out on our server: the name comes back in Content-Disposition's filename*.
  'word-to-pdf': { prepare: chooseFile(word), download: 'Download PDF', name: 'Brief für Ana.pdf' },
  'word-to-jpg': 'word-tools.spec.ts',
  'merge-pdf': {
    prepare: async (page) => {
      await chooseFile([pdf, { ...pdf, name: 'Anlage.pdf' }])(page);
      await expect(page.getByTestId('page-count')).toHaveCount(2);
      await page.getByTestId('convert').click();
    },
    download: 'Download Merged PDF',
    name: 'Bericht 报告_merged.pdf',
  },
  'jpg-to-excel': 'tables.spec.ts',
  'pdf-to-excel': { prepare: chooseFile(pdf), download: 'Download Excel', name: 'Bericht 报告.xlsx' },
  'qr-scanner': 'codes',
  'barcode-scanner': 'codes',
  // A Wi-Fi code is named by its network, never its password.
  'qr-generator': { prepare: typeText('WIFI:T:WPA;S:Café Nord;P:geheim;;', false), download: 'Download PNG', name: 'Café Nord_qr-code.png' },
  'invert-image': { prepare: chooseFile(image), download: 'Download Image', name: 'Überweisung 2026_inverted.png' },
  'text-to-image': { prepare: typeText('Alles Gute, Jürgen!\nDeine Ana'), download: 'Download Image', name: 'Alles Gute, Jürgen!.png' },
};

for (const [slug, entry] of Object.entries(cases)) {
  if (typeof entry === 'string') continue;
  const { prepare, download, name } = entry;
  test(`${slug}: the download is named ${name}`, async ({ page }) => {
    await page.goto(findTool(slug)!.path);
    await prepare(page);
    const button = page.getByRole('button', { name: download, exact: true });
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(file.suggestedFilename()).toBe(name);
  });
}
