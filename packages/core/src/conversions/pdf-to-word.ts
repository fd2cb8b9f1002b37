import type { Conversion } from '../conversion.ts';
import { baseName } from '../conversion.ts';
import { textToParagraphs } from '../documents/paragraphs.ts';
import { blocksToDocx, type DocBlock } from '../documents/rich-document.ts';
import { ConversionError } from '../errors.ts';
import { MAX_IMAGE_PIXELS } from '../image-info.ts';
import { normalizeOcrText, type OcrEngine } from '../ocr/engine.ts';
import { parseOcrLanguages } from '../ocr/languages.ts';
import { bodySize, toDocBlock } from '../pdf/page-structure.ts';
import { layoutBlocks, type Block } from '../pdf/text-layout.ts';
import { DOCX_TYPE } from './jpg-to-word.ts';

/** A page with fewer visible characters than this in its text layer is a scan: it is OCRed. */
const MIN_TEXT_LAYER_CHARS = 20;
const OCR_DPI = 300;

type PageContent = { kind: 'layout'; blocks: Block[] } | { kind: 'ocr'; paragraphs: string[] };

/**
 * PDF to Word: paragraphs rebuilt from lines, headings from font size, bold and italic, lists,
 * tables where text lines up in columns, and scanned pages as OCRed text (not pictures).
 */
export const pdfToWord: Conversion = async (inputs, options, { host, onProgress, signal }) => {
  const input = inputs[0];
  if (!input) throw new ConversionError('no-file', 'No PDF was given.');
  const languages = parseOcrLanguages(options.language);
  onProgress?.(0, 'loading');
  const pdf = await host.pdf();
  const { document, close } = await pdf.open(input.bytes, options.password);
  const pages: PageContent[] = [];
  let ocr: OcrEngine | undefined;
  try {
    const total = document.numPages;
    for (let number = 1; number <= total; number++) {
      if (signal?.aborted) throw new ConversionError('cancelled', 'Cancelled.');
      const detail = { page: number, pages: total };
      onProgress?.((number - 1) / total, 'reading', detail);
      const page = await document.getPage(number);
      const runs = await pdf.textRuns(page, { styles: true });
      if (runs.reduce((count, run) => count + run.str.replace(/\s/g, '').length, 0) >= MIN_TEXT_LAYER_CHARS) {
        pages.push({ kind: 'layout', blocks: layoutBlocks(runs, { tables: true }) });
      } else {
        const { width, height } = page.getViewport({ scale: 1 });
        const image = await pdf.renderPage(page, Math.min(OCR_DPI / 72, Math.sqrt(MAX_IMAGE_PIXELS / (width * height))));
        ocr ??= await host.ocr();
        const result = await ocr.recognize(image, {
          languages,
          signal,
          onProgress: (fraction, stage) => {
            if (stage === 'recognizing') onProgress?.((number - 1 + fraction) / total, 'reading', detail);
          },
        });
        pages.push({ kind: 'ocr', paragraphs: textToParagraphs(normalizeOcrText(result.text)) });
      }
      page.cleanup();
    }
  } finally {
    await close();
  }

  const body = bodySize(pages.flatMap((page) => (page.kind === 'layout' ? page.blocks : [])));
  const blocks: DocBlock[] = [];
  for (const page of pages) {
    const pageBlocks: DocBlock[] =
      page.kind === 'layout'
        ? page.blocks.map((block) => toDocBlock(block, body))
        : page.paragraphs.map((text) => ({ kind: 'paragraph', runs: [{ text }] }));
    if (pageBlocks[0] && blocks.length > 0) pageBlocks[0].pageBreakBefore = true;
    blocks.push(...pageBlocks);
  }
  if (blocks.length === 0) throw new ConversionError('no-text', 'No text found in the PDF.');
  onProgress?.(1, 'reading');
  const name = baseName(input.name);
  const count = (kind: DocBlock['kind']) => blocks.filter((block) => block.kind === kind).length;
  return {
    summary: { pages: pages.length, paragraphs: count('paragraph') + count('heading') + count('list'), tables: count('table') },
    outputs: [{ name: `${name}.docx`, type: DOCX_TYPE, bytes: await blocksToDocx(blocks, name) }],
  };
};
