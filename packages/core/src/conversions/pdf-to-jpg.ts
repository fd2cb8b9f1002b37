import type { Conversion, OutputFile } from '../conversion.ts';
import { baseName } from '../conversion.ts';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { checkPageCount, PDF_TO_JPG_MAX_PAGES } from '../limits.ts';
import { layoutText } from '../pdf/text-layout.ts';

export interface PdfToJpgOptions {
  dpi: 72 | 150 | 300;
  /** JPEG quality, 10 to 100. */
  quality: number;
  password: string;
}

const encoder = new TextEncoder();

/**
 * PDF to JPG: every page drawn as the reader sees it, one JPEG each, plus the text of the text
 * layer (no OCR) as a .txt when there is any.
 */
export const pdfToJpg: Conversion<PdfToJpgOptions> = async ({ files }, options, { host, onProgress, signal }) => {
  const input = files[0];
  if (!input) throw new ConversionError('no-file', 'No PDF was given.');
  const name = baseName(input.name);
  onProgress?.(0, 'loading');
  const pdf = await host.pdf();
  const { document, close } = await pdf.open(input.bytes, options.password);
  const outputs: OutputFile[] = [];
  const texts: string[] = [];
  // The JPEG of one page is encoded while the next is drawn (sharp's threads on Node).
  let encoding: Promise<void> | undefined;
  try {
    const total = document.numPages;
    checkPageCount(total, PDF_TO_JPG_MAX_PAGES);
    for (let number = 1; number <= total; number++) {
      throwIfCancelled(signal);
      onProgress?.((number - 1) / total, 'reading', { page: number, pages: total });
      const page = await document.getPage(number);
      try {
        // A page too big for the pixel budget at this dpi (a poster, a plan) is drawn at the
        // largest scale within it instead, as every other tool's images (the engine's rasterScale).
        const image = await pdf.renderPageRgba(page, options.dpi / 72);
        const text = layoutText(await pdf.textRuns(page));
        if (text.trim()) texts.push(text);
        await encoding;
        const output: OutputFile = { name: `${name}_page_${number}.jpg`, type: 'image/jpeg', bytes: new Uint8Array() };
        outputs.push(output);
        encoding = host.encodeImage(image, 'image/jpeg', options.quality / 100).then((bytes) => {
          output.bytes = bytes;
        });
      } finally {
        page.cleanup();
      }
    }
    await encoding;
  } finally {
    // On failure a JPEG may still be on its way; its end is waited for, its error dropped.
    await encoding?.catch(() => {});
    await close();
  }
  onProgress?.(1, 'reading');
  const text = texts.join('\n\n');
  // A PDF of scans has no text layer: no empty .txt beside its pictures.
  if (text) outputs.push({ name: `${name}_extracted_text.txt`, type: 'text/plain; charset=utf-8', bytes: encoder.encode(text) });
  return { outputs, ...(text ? { text } : {}), summary: { pages: outputs.length - (text ? 1 : 0) } };
};
