import type { Conversion } from '../conversion.ts';
import { fileStem, nameAfterFile } from '../output-names.ts';
import { textToParagraphs } from '../documents/paragraphs.ts';
import { blocksToDocx, type DocBlock } from '../documents/rich-document.ts';
import { ConversionError } from '../errors.ts';
import { PDF_TO_WORD_MAX_PAGES } from '../limits.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { bodySize, toDocBlock } from '../pdf/page-structure.ts';
import { languageOfPages, readPdfPages } from '../pdf/read-pages.ts';
import { withLanguage } from '../ocr/detect/detect-languages.ts';
import type { PagePicture } from '../pdf/read-pages.ts';
import { layoutBlocks, type Block } from '../pdf/text-layout.ts';
import { DOCX_TYPE } from './jpg-to-word.ts';

/**
 * PDF to Word: paragraphs rebuilt from lines, headings from font size, bold and italic, lists,
 * tables where text lines up in columns, and scanned pages as OCRed text (not pictures).
 */
export const pdfToWord: Conversion<{ language: OcrLanguage[]; password: string }> = async ({ files }, options, context) => {
  const input = files[0];
  if (!input) throw new ConversionError('no-file', 'No PDF was given.');
  const languages = options.language;
  const read = await readPdfPages(
    input.bytes,
    { password: options.password, languages, styles: true, pictures: true, maxPages: PDF_TO_WORD_MAX_PAGES },
    context,
  );
  const pages = read.map((page) =>
    page.kind === 'text' ? { kind: 'text' as const, blocks: layoutBlocks(page.runs, { tables: true }), pictures: page.pictures } : page,
  );

  // Headings are judged against the body text size of the whole document.
  const body = bodySize(pages.flatMap((page) => (page.kind === 'text' ? page.blocks : [])));
  const blocks: DocBlock[] = [];
  for (const page of pages) {
    const pageBlocks: DocBlock[] =
      page.kind === 'text'
        ? withPictures(page.blocks, page.pictures, body)
        : textToParagraphs(page.text).map((text) => ({ kind: 'paragraph', runs: [{ text }] }));
    if (pageBlocks[0] && blocks.length > 0) pageBlocks[0].pageBreakBefore = true;
    blocks.push(...pageBlocks);
  }
  if (blocks.length === 0) throw new ConversionError('no-text', 'No text found in the PDF.');

  const count = (kind: DocBlock['kind']) => blocks.filter((block) => block.kind === kind).length;
  return {
    summary: { pages: pages.length, paragraphs: count('paragraph') + count('heading') + count('list'), tables: count('table'), pictures: count('picture') },
    outputs: [
      { name: nameAfterFile(input.name, '.docx', 'document.docx'), type: DOCX_TYPE, bytes: await blocksToDocx(blocks, fileStem(input.name) || 'Document') },
    ],
    data: withLanguage(languageOfPages(read)),
  };
};

/**
 * The page's blocks in reading order with its pictures among them: each picture goes before
 * the first block that starts below its top edge and shares some of its width (the text
 * under it in its column), or after everything when nothing does.
 */
function withPictures(blocks: Block[], pictures: PagePicture[], body: number): DocBlock[] {
  const out: Array<{ doc: DocBlock; block?: Block }> = blocks.map((block) => ({ doc: toDocBlock(block, body), block }));
  const ordered = [...pictures].sort((a, b) => b.top - a.top);
  for (const picture of ordered) {
    const doc: DocBlock = { kind: 'picture', png: picture.png, width: picture.right - picture.left, height: picture.top - picture.bottom };
    const at = out.findIndex(({ block }) => block && block.top <= picture.top && block.left < picture.right && block.right > picture.left);
    out.splice(at < 0 ? out.length : at, 0, { doc });
  }
  return out.map(({ doc }) => doc);
}
