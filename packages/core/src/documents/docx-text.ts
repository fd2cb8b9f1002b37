import { Document, Packer, Paragraph, TextRun } from 'docx';
import { isRightToLeft } from '../text-direction.ts';

/** Word's default look: Calibri 11 for Latin, Greek and Cyrillic, spaced as Word's default style. */
export const WORD_DEFAULT_STYLES = {
  default: {
    document: {
      run: { font: { ascii: 'Calibri', hAnsi: 'Calibri' }, size: 22 },
      paragraph: { spacing: { after: 160, line: 276 } },
    },
  },
};

/**
 * A paragraph of plain text; right to left (Word's `w:bidi`, its runs `w:rtl`) where its first
 * letter with a direction is Arabic, Hebrew or their kin, so each paragraph of a mixed page
 * runs its own way.
 */
export function textParagraph(text: string): Paragraph {
  const rightToLeft = isRightToLeft(text);
  return new Paragraph({ children: [new TextRun({ text, rightToLeft })], bidirectional: rightToLeft });
}

/** A real Word document of plain paragraphs, in Word's default look. */
export async function paragraphsToDocx(paragraphs: string[], title: string): Promise<Uint8Array> {
  const document = new Document({
    creator: 'TextLift',
    title,
    styles: WORD_DEFAULT_STYLES,
    sections: [{ children: paragraphs.map(textParagraph) }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
