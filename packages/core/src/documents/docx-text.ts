import { Document, Packer, Paragraph, TextRun } from 'docx';

/** A real Word document of plain paragraphs (Calibri 11, spaced as Word's default style). */
export async function paragraphsToDocx(paragraphs: string[], title: string): Promise<Uint8Array> {
  const document = new Document({
    creator: 'TextLift',
    title,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 160, line: 276 } } } } },
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
