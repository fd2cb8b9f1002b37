// Scanned pages set in two or three columns, as a newsletter or a brochure is: a title across
// the page, then the text flowing down each column in turn, its sections under bold headings
// a size larger than the body, paragraphs carried on into the next column. US Letter at 300 dpi,
// turned a little, noisy, saved as JPEG, as scanned-pdf.ts's pages are. Deterministic (seeded).
// For OCR PDF's text layer: a reader that orders its blocks wrongly reads them out of order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { addSensorNoise, type ScannedPage } from './scanned-pdf.ts';
import { seededRandom } from './seeded-random.ts';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FACES = {
  Serif: ['DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf'],
  Sans: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'],
  Condensed: ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'],
} as const;
for (const [family, [regular, bold]] of Object.entries(FACES)) {
  GlobalFonts.registerFromPath(path.join(fontDir, regular), `Columns${family}`);
  GlobalFonts.registerFromPath(path.join(fontDir, bold), `Columns${family}Bold`);
}

export interface ColumnScanOptions {
  columns: 2 | 3;
  family: keyof typeof FACES;
  /** The body's size in points; headings are 1.3 times it, the title twice. */
  size: number;
  /** Which of the site's texts it prints (about, privacy, terms), and its turn and noise. */
  seed: number;
}

const DPI = 300;
const WIDTH = 8.5 * DPI;
const HEIGHT = 11 * DPI;

/** The site's own texts (ours to use), each a title and sections of a heading and paragraphs. */
function documents(): Array<{ title: string; sections: Array<{ title: string; body: string[] }> }> {
  const en = JSON.parse(readFileSync(path.resolve('packages/web/src/i18n/locales/en.json'), 'utf8'));
  return ['about', 'privacy', 'terms'].map((key) => ({ title: en[key].title, sections: en[key].sections }));
}

/** A line as printed: its text, where its baseline starts (pixels, before the page is turned), its size in pixels and face. */
interface PrintedLine {
  text: string;
  x: number;
  y: number;
  pixels: number;
  bold: boolean;
}

/** A page in `columns` columns; `text` is what it prints in reading order: the title, then column by column. */
export function columnScan(options: ColumnScanOptions): ScannedPage {
  return columnPage(options).scan;
}

function columnPage({ columns, family, size, seed }: ColumnScanOptions): { scan: ScannedPage; lines: PrintedLine[] } {
  const rand = seededRandom(7000 + seed);
  const canvas = createCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fbfbf8';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  const degrees = (rand() * 2 - 1) * 0.3;
  context.translate(WIDTH / 2, HEIGHT / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.translate(-WIDTH / 2, -HEIGHT / 2);
  context.fillStyle = '#1a1a1a';
  const px = (points: number) => Math.round((points * DPI) / 72);
  const body = px(size);
  const heading = px(size * 1.3);
  const margin = DPI * 0.75;
  const gutter = DPI * 0.3;
  const columnWidth = (WIDTH - 2 * margin - gutter * (columns - 1)) / columns;
  const regular = `${body}px Columns${family}`;
  const bold = (pixels: number) => `${pixels}px Columns${family}Bold`;
  const wrap = (text: string, font: string) => {
    context.font = font;
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (context.measureText(candidate).width > columnWidth && line) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines;
  };

  const docs = documents();
  const doc = docs[seed % 3]!;
  // The other texts' sections follow, so no section is printed twice on a page.
  const sections = [0, 1, 2].flatMap((i) => docs[(seed + i) % 3]!.sections);
  const printed: string[] = [doc.title];
  const drawn: PrintedLine[] = [];
  const draw = (text: string, x: number, y: number, pixels: number, isBold: boolean) => {
    context.font = isBold ? bold(pixels) : regular;
    context.fillText(text, x, y);
    drawn.push({ text, x, y, pixels, bold: isBold });
  };
  draw(doc.title, margin, margin + body * 2, body * 2, true);
  const top = margin + body * 2 + body * 2.2;
  // The flow: each item a line in its font and the space it takes below it.
  const flow: Array<{ text: string; bold: boolean; height: number; advance: number }> = [];
  for (const section of sections) {
    flow.push({ text: section.title, bold: true, height: heading, advance: heading * 1.6 });
    for (const paragraph of section.body) {
      const lines = wrap(paragraph, regular);
      lines.forEach((line, i) => flow.push({ text: line, bold: false, height: body, advance: body * (i === lines.length - 1 ? 1.9 : 1.3) }));
    }
  }
  let item = 0;
  for (let column = 0; column < columns; column++) {
    const x = margin + column * (columnWidth + gutter);
    let y = top;
    const lines: string[] = [];
    // A heading is not left alone at a column's foot.
    while (item < flow.length && y + flow[item]!.height + (flow[item]!.bold ? body * 3 : 0) < HEIGHT - margin) {
      const line = flow[item++]!;
      y += line.height;
      draw(line.text, x, y, line.height, line.bold);
      lines.push(line.text);
      y += line.advance - line.height;
    }
    printed.push(lines.join('\n'));
  }
  addSensorNoise(context, WIDTH, HEIGHT, rand);
  return { scan: { jpeg: canvas.toBuffer('image/jpeg', 75), text: printed.join('\n\n') }, lines: drawn };
}

/**
 * The same page born digital: its lines as text in the same faces, sizes and places (not
 * turned): what a reader makes of the layout itself, with no OCR in between.
 */
export async function columnPagePdf(options: ColumnScanOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const [regular, bold] = FACES[options.family];
  const fonts = { regular: await doc.embedFont(readFileSync(path.join(fontDir, regular))), bold: await doc.embedFont(readFileSync(path.join(fontDir, bold))) };
  const page = doc.addPage([612, 792]);
  const points = (pixels: number) => (pixels * 72) / DPI;
  for (const line of columnPage(options).lines)
    page.drawText(line.text, { x: points(line.x), y: 792 - points(line.y), size: points(line.pixels), font: line.bold ? fonts.bold : fonts.regular });
  return doc.save();
}
