import { Document, Packer, Paragraph, TextRun } from 'docx';

/** Word's default look: Calibri 11 for Latin, Greek and Cyrillic, spaced as Word's default style. */
export const WORD_DEFAULT_STYLES = {
  default: {
    document: {
      run: { font: { ascii: 'Calibri', hAnsi: 'Calibri' }, size: 22 },
      paragraph: { spacing: { after: 160, line: 276 } },
    },
  },
};

/** A real Word document of plain paragraphs, in Word's default look. */
export async function paragraphsToDocx(paragraphs: string[], title: string): Promise<Uint8Array> {
  const document = new Document({
    creator: 'TextLift',
    title,
    styles: WORD_DEFAULT_STYLES,
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
