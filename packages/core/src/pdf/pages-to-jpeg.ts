import type { ConversionContext, OutputFile } from '../conversion.ts';
import { throwIfCancelled } from '../errors.ts';
import { checkPageCount } from '../limits.ts';
import { layoutText } from './text-layout.ts';
import { nameAfterFile } from '../output-names.ts';

export interface PagesToJpegOptions {
  dpi: number;
  /** JPEG quality, 10 to 100. */
  quality: number;
  password?: string;
  maxPages: number;
}

/** The .zip of every page of `fileName`'s document. */
export const pagesZipName = (fileName: string) => nameAfterFile(fileName, '_pages.zip', 'pages.zip');

/**
 * Every page of a PDF drawn as a reader shows it, one `{name}_page_{n}.jpg` each (after the
 * input `fileName`), with the text of its text layer (no OCR). PDF to JPG and Word to JPG both end here.
 */
export async function pagesToJpeg(bytes: Uint8Array, fileName: string, options: PagesToJpegOptions, { host, onProgress, signal }: ConversionContext) {
  const pdf = await host.pdf();
  const { document, close } = await pdf.open(bytes, options.password);
  const images: OutputFile[] = [];
  const texts: string[] = [];
  // The JPEG of one page is encoded while the next is drawn (sharp's threads on Node).
  let encoding: Promise<void> | undefined;
  try {
    const total = document.numPages;
    checkPageCount(total, options.maxPages);
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
        const output: OutputFile = { name: nameAfterFile(fileName, `_page_${number}.jpg`, `page_${number}.jpg`), type: 'image/jpeg', bytes: new Uint8Array() };
        images.push(output);
        encoding = host.encodeImage(image, 'image/jpeg', options.quality / 100).then((encoded) => {
          output.bytes = encoded;
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
  return { images, text: texts.join('\n\n') };
}
