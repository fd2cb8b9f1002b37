import { Document, Packer, Paragraph, Tab, TextRun, type ParagraphChild } from 'docx';
import { isRightToLeft } from '../text-direction.ts';
import { WORD_DEFAULT_STYLES } from './docx-text.ts';

/**
 * Characters XML 1.0 cannot hold (C0 controls but tab and line feed, lone surrogates, U+FFFE
 * and U+FFFF): written into a .docx, any one of them makes Word refuse the whole file.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const NOT_XML = /[\u0000-\u0008\u000b\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export { isRightToLeft };

/** Typed text cut into paragraphs at blank lines; the lines of a paragraph stay lines. */
export function typedParagraphs(text: string): string[][] {
  return text
    .normalize('NFC')
    .replace(NOT_XML, '')
    .replace(/\r\n?|[\u0085\u2028\u2029\f]/g, '\n')
    .split(/\n[ \t]*\n(?:[ \t]*\n)*/)
    .map((block) => block.split('\n'))
    .filter((lines) => lines.some((line) => line.trim()));
}

function runsOf(lines: string[], rightToLeft: boolean): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  lines.forEach((line, index) => {
    line.split('\t').forEach((piece, at) => {
      const children = [...(at > 0 ? [new Tab()] : []), piece];
      runs.push(new TextRun({ children, break: at === 0 && index > 0 ? 1 : undefined, rightToLeft }));
    });
  });
  return runs;
}

/**
 * A real Word document of typed text: one paragraph per block between blank lines, each line
 * break kept as a break, tabs as tabs, right-to-left paragraphs marked so. Calibri 11 for Latin,
 * Greek and Cyrillic; other scripts take the fonts Word or LibreOffice pick for them.
 */
export async function typedTextToDocx(text: string, title: string): Promise<{ bytes: Uint8Array; paragraphs: number }> {
  const blocks = typedParagraphs(text);
  const document = new Document({
    creator: 'TextLift',
    title,
    styles: WORD_DEFAULT_STYLES,
    sections: [
      {
        children: blocks.map((lines) => {
          const rightToLeft = isRightToLeft(lines.join('\n'));
          return new Paragraph({ children: runsOf(lines, rightToLeft), bidirectional: rightToLeft });
        }),
      },
    ],
  });
  return { bytes: new Uint8Array(await Packer.toArrayBuffer(document)), paragraphs: blocks.length };
}
