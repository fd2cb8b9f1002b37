import { corpusFile } from '../test-support/corpus.ts';
import { truncated } from '../test-support/images.ts';
import { dictionary } from './site-pages.ts';
import { dropFile, expect, test } from './fixtures.ts';

// A sample of the API's bad-file sweep (packages/server/src/hostile/bad-files.test.ts) through
// the pages, in German: each bad file is refused or fails with the German words for its fault,
// where the visitor is looking, and the page still takes another file.

const de = dictionary('de') as unknown as {
  errors: Record<string, string | Record<string, string>>;
  toolPage: { notAPdf: string };
  hero: { notAnImage: string };
};
const zone = '[data-testid=drop-zone]';
const worded = (key: string, kind?: string) => {
  const words = de.errors[key]!;
  return typeof words === 'string' ? words : words[kind ?? 'file']!;
};

const cases = [
  // PDF to JPG words an empty file as the spec does for any file it cannot take.
  { path: '/de/pdf-to-jpg', file: 'leer.pdf', bytes: new Uint8Array(), type: 'application/pdf', notice: de.toolPage.notAPdf },
  { path: '/de/invert-image', file: 'leer.png', bytes: new Uint8Array(), type: 'image/png', notice: worded('empty-file') },
  { path: '/de/pdf-to-jpg', file: 'brief.docx', bytes: corpusFile('word/poi-SampleDoc.docx'), type: 'application/pdf', notice: de.toolPage.notAPdf },
  // A PDF header and nothing a reader can rebuild (pdf.js recovers the corpus's damaged scans).
  {
    path: '/de/pdf-to-jpg',
    file: 'kaputt.pdf',
    bytes: new TextEncoder().encode(`%PDF-1.7\n${'0 obj << /Kids [ '.repeat(200)}`),
    type: 'application/pdf',
    error: worded('corrupt', 'pdf'),
  },
  { path: '/de/invert-image', file: 'halb.png', bytes: truncated(corpusFile('qr/qrcode-1_17.png')), type: 'image/png', error: worded('corrupt', 'image') },
  {
    path: '/de/invert-image',
    file: 'bericht.png',
    bytes: corpusFile('pdf/issue9418-bad-xref.pdf'),
    type: 'image/png',
    notice: de.hero.notAnImage.replace('{{name}}', 'bericht.png'),
  },
  {
    path: '/de/word-to-pdf',
    file: 'kaputt.docx',
    bytes: corpusFile('word/poi-truncated62886.docx'),
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    error: worded('corrupt', 'file'),
  },
] as const;

for (const { path, file, bytes, type, ...expected } of cases) {
  test(`${path}: ${file} is answered in German`, async ({ page }) => {
    await page.goto(path);
    await dropFile(page, zone, bytes, file, type);
    // The notice may go on to name the tools that take such a file.
    if ('notice' in expected) await expect(page.getByTestId('upload-notice')).toContainText(expected.notice);
    else await expect(page.getByTestId('result-error')).toContainText(expected.error);
    await expect(page.getByRole('button', { name: (dictionary('de') as unknown as { hero: { browse: string } }).hero.browse })).toBeEnabled();
  });
}
