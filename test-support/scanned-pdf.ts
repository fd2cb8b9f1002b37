// Scanned pages made from known text, as a flatbed scanner gives them: US Letter at 300 dpi,
// turned by up to half a degree, with the sensor's noise, saved as JPEG, one full-page
// image a page. Deterministic (seeded). For OCR PDF's tests and bench/ocr-pdf.
import { PDFDocument } from '@cantoo/pdf-lib';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { prose } from './synthetic-pages.ts';
import { seededRandom } from './seeded-random.ts';

export interface ScannedPage {
  /** The page's JPEG, 2550×3300 pixels. */
  jpeg: Buffer;
  /** What is printed on it, line by line, paragraphs apart by a blank line. */
  text: string;
}

const DPI = 300;
const WIDTH = 8.5 * DPI;
const HEIGHT = 11 * DPI;

function wrap(measure: (text: string) => number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Page `index` of English prose (the site's own texts) in 11-point serif, turned by up to
 * ±`maxDegrees` and noisy; `paragraphs` replaces the prose (another language's text). The
 * page is filled, or holds `paragraphCount` paragraphs at most (a short page reads faster).
 */
export function scannedPage(
  index: number,
  {
    maxDegrees = 0.5,
    paragraphs = prose(),
    quality = 75,
    paragraphCount = Infinity,
  }: { maxDegrees?: number; paragraphs?: string[]; quality?: number; paragraphCount?: number } = {},
): ScannedPage {
  const rand = seededRandom(4000 + index);
  const canvas = createCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fbfbf8';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  const degrees = (rand() * 2 - 1) * maxDegrees;
  context.translate(WIDTH / 2, HEIGHT / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.translate(-WIDTH / 2, -HEIGHT / 2);
  // 11 pt at 300 dpi is 46 pixels; lines 1.4 apart.
  const size = 46;
  context.font = `${size}px Serif`;
  context.fillStyle = '#1a1a1a';
  const margin = DPI;
  let y = margin + size;
  const blocks: string[] = [];
  for (let p = (index * 4) % paragraphs.length; blocks.length < paragraphCount; p = (p + 1) % paragraphs.length) {
    const lines = wrap((text) => context.measureText(text).width, paragraphs[p]!, WIDTH - 2 * margin);
    if (y + lines.length * size * 1.4 > HEIGHT - margin) break;
    for (const line of lines) {
      context.fillText(line, margin, y);
      y += size * 1.4;
    }
    blocks.push(lines.join('\n'));
    y += size * 0.8;
  }
  addSensorNoise(context, WIDTH, HEIGHT, rand);
  return { jpeg: canvas.toBuffer('image/jpeg', quality), text: blocks.join('\n\n') };
}

/** A scanner sensor's noise over the whole canvas (its drawing turned back first), from the page's seeded `rand`. */
export function addSensorNoise(context: SKRSContext2D, width: number, height: number, rand: () => number) {
  const image = context.getImageData(0, 0, width, height);
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const noise = (rand() + rand() - 1) * 24;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + noise));
  }
  context.resetTransform();
  context.putImageData(image, 0, 0);
}

/** A PDF of these pages, each JPEG as it is over a whole US Letter page. */
export async function scannedPdf(pages: ScannedPage[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const { jpeg } of pages) {
    const image = await pdf.embedJpg(jpeg);
    pdf.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return pdf.save();
}
