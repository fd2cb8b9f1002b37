import { AlignmentType, Document, HeadingLevel, ImageRun, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { isRightToLeft } from '../text-direction.ts';
import { textParagraph } from './docx-text.ts';

export interface StyledRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

interface Placed {
  /** The first block of a new page of the original. */
  pageBreakBefore?: boolean;
}

/** A document as PDF to Word rebuilds it: what Word needs, nothing about positions. */
export type DocBlock = Placed &
  (
    | { kind: 'heading'; level: 1 | 2 | 3; runs: StyledRun[] }
    | { kind: 'paragraph'; runs: StyledRun[] }
    | { kind: 'list'; ordered: boolean; items: StyledRun[][] }
    | { kind: 'table'; rows: string[][] }
    /** A picture, PNG, shown at `width`×`height` points. */
    | { kind: 'picture'; png: Uint8Array; width: number; height: number }
  );

const PX_PER_PT = 96 / 72;
const MAX_PICTURE_WIDTH = 450;
const MAX_PICTURE_HEIGHT = 650;

const headingLevels = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
const ORDERED = 'ordered-list';

/** A paragraph's runs and its direction (`w:bidi`, `w:rtl`), from its first letter with one: a mixed document's paragraphs each run their own way. */
function textRuns(runs: StyledRun[]) {
  const rightToLeft = isRightToLeft(runs.map((run) => run.text).join(''));
  return {
    children: runs.map((run) => new TextRun({ text: run.text, bold: run.bold, italics: run.italic, rightToLeft })),
    bidirectional: rightToLeft,
  };
}

/** A real Word document: styles for headings, Word's own lists (numbered lists restart), tables. */
export async function blocksToDocx(blocks: DocBlock[], title: string): Promise<Uint8Array> {
  const children: Array<Paragraph | Table> = [];
  let listInstance = 0;
  for (const block of blocks) {
    const pageBreakBefore = block.pageBreakBefore || undefined;
    if (block.kind === 'heading') {
      children.push(new Paragraph({ heading: headingLevels[block.level], ...textRuns(block.runs), pageBreakBefore }));
    } else if (block.kind === 'picture') {
      // Word's page (A4/Letter less margins) is about 450 points wide: larger pictures shrink to fit.
      const fit = Math.min(1, MAX_PICTURE_WIDTH / block.width, MAX_PICTURE_HEIGHT / block.height);
      const run = new ImageRun({
        type: 'png',
        data: block.png,
        // docx sizes pictures in CSS pixels (96 per inch); PDF sizes are points (72 per inch).
        transformation: { width: Math.round(block.width * fit * PX_PER_PT), height: Math.round(block.height * fit * PX_PER_PT) },
      });
      children.push(new Paragraph({ children: [run], pageBreakBefore }));
    } else if (block.kind === 'paragraph') {
      children.push(new Paragraph({ ...textRuns(block.runs), pageBreakBefore }));
    } else if (block.kind === 'list') {
      listInstance++;
      block.items.forEach((item, index) => {
        children.push(
          new Paragraph({
            ...textRuns(item),
            pageBreakBefore: index === 0 ? pageBreakBefore : undefined,
            ...(block.ordered ? { numbering: { reference: ORDERED, level: 0, instance: listInstance } } : { bullet: { level: 0 } }),
          }),
        );
      });
    } else {
      if (pageBreakBefore) children.push(new Paragraph({ pageBreakBefore }));
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: block.rows.map((row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [textParagraph(cell)] })) })),
        }),
      );
      // Word needs a paragraph between two tables, or they merge into one.
      children.push(new Paragraph({}));
    }
  }
  const document = new Document({
    creator: 'TextLift',
    title,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 160, line: 276 } } } } },
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: [
            {
              level: 0,
              format: LevelFormat.DECIMAL,
              text: '%1.',
              alignment: AlignmentType.START,
              style: { paragraph: { indent: { left: 720, hanging: 360 } } },
            },
          ],
        },
      ],
    },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
