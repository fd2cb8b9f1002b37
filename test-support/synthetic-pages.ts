// Synthetic OCR test images with exact ground truth: clean page renders, the same pages
// degraded like phone photos (perspective, rotation, uneven light, blur, noise, JPEG), and
// thermal-printer receipts. Deterministic (seeded). bench/ocr writes sets of them to
// bench/ocr/.data/; tests draw single ones in memory.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { homography } from '../packages/core/src/ocr/preprocess/page-outline.ts';
import { seededRandom as random } from './seeded-random.ts';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
for (const [file, family] of [
  ['DejaVuSans.ttf', 'Sans'],
  ['DejaVuSerif.ttf', 'Serif'],
  ['DejaVuSansMono.ttf', 'Mono'],
  ['DejaVuSansCondensed.ttf', 'Condensed'],
  ['DejaVuSerif-Bold.ttf', 'SerifBold'],
  ['DejaVuSerifCondensed-Bold.ttf', 'SerifCondensedBold'],
  ['DejaVuSansMono-Bold.ttf', 'MonoBold'],
] as const) {
  GlobalFonts.registerFromPath(path.join(fontDir, file), family);
}

export const dataDir = path.resolve('bench/ocr/.data');

/** Running English prose: the site's own texts (about, privacy, blog), ours to use. */
export function prose(): string[] {
  const en = JSON.parse(readFileSync(path.resolve('packages/web/src/i18n/locales/en.json'), 'utf8'));
  const paragraphs: string[] = [];
  for (const section of ['about', 'privacy', 'terms']) for (const item of en[section].sections) paragraphs.push(...item.body);
  for (const post of Object.values(en.blog.posts) as Array<{ content: string[] }>)
    paragraphs.push(...post.content.map((line) => line.replace(/^(## |- )/, '')));
  return paragraphs;
}

function wrap(context: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export interface Page {
  canvas: Canvas;
  text: string;
}

/** A clean page: 1240×1754 (A4 at 150 dpi), one font family, 11-13 pt. */
export function cleanPage(index: number, paragraphs: string[]): Page {
  const rand = random(1000 + index);
  const canvas = createCanvas(1240, 1754);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const family = ['Sans', 'Serif', 'Mono', 'Condensed'][index % 4]!;
  const size = 23 + Math.floor(rand() * 5);
  context.font = `${size}px ${family}`;
  context.fillStyle = '#111';
  const margin = 110;
  let y = margin + size;
  const lines: string[] = [];
  let paragraph = (index * 5) % paragraphs.length;
  while (y < canvas.height - margin - size * 2) {
    const block = wrap(context, paragraphs[paragraph % paragraphs.length]!, canvas.width - 2 * margin);
    if (y + block.length * size * 1.45 > canvas.height - margin) break;
    for (const line of block) {
      context.fillText(line, margin, y);
      y += size * 1.45;
    }
    lines.push(block.join('\n'));
    y += size * 0.9;
    paragraph++;
  }
  return { canvas, text: lines.join('\n\n') };
}

/** A page set in two columns, like a newsletter: each column's text is its own flow. */
export function twoColumnPage(index: number, paragraphs: string[]): Page {
  const canvas = createCanvas(1240, 1754);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.font = '24px Serif';
  context.fillStyle = '#111';
  const margin = 100;
  const gutter = 60;
  const columnWidth = (canvas.width - 2 * margin - gutter) / 2;
  const columns: string[] = [];
  let paragraph = index * 3;
  for (let column = 0; column < 2; column++) {
    const x = margin + column * (columnWidth + gutter);
    let y = margin + 24;
    const lines: string[] = [];
    while (true) {
      const block = wrap(context, paragraphs[paragraph % paragraphs.length]!, columnWidth);
      if (y + block.length * 35 > canvas.height - margin) break;
      for (const line of block) {
        context.fillText(line, x, y);
        y += 35;
      }
      lines.push(block.join('\n'));
      y += 20;
      paragraph++;
    }
    columns.push(lines.join('\n\n'));
  }
  return { canvas, text: columns.join('\n\n') };
}

/** A dark-mode screenshot: light text in a dark sidebar beside a white panel of dark text. */
export function darkScreenshot(): { image: Buffer; sidebar: string; panel: string } {
  const canvas = createCanvas(1400, 900);
  const context = canvas.getContext('2d');
  context.fillStyle = '#202124';
  context.fillRect(0, 0, 1400, 900);
  context.font = '20px Sans';
  context.fillStyle = '#e8eaed';
  const sidebar = ['Inbox', 'Starred', 'Snoozed', 'Sent messages', 'Drafts folder', 'Important mail'];
  sidebar.forEach((line, i) => context.fillText(line, 30, 80 + i * 40));
  context.fillStyle = '#ffffff';
  context.fillRect(300, 40, 1060, 820);
  context.fillStyle = '#111';
  const panel = [
    'Meeting moved to Thursday at ten',
    'Please bring the quarterly report and the budget figures.',
    'The room is on the third floor next to the kitchen.',
  ];
  panel.forEach((line, i) => context.fillText(line, 340, 100 + i * 40));
  return { image: canvas.toBuffer('image/png'), sidebar: sidebar.join('\n'), panel: panel.join('\n') };
}

/** The page as a phone photo: skewed and turned on a darker desk, lit unevenly, soft, noisy, JPEG. */
export function photo(page: Page, index: number): Buffer {
  const rand = random(2000 + index);
  const { width, height } = page.canvas;
  const outWidth = 1100;
  const outHeight = 1500;
  const jitter = () => (rand() - 0.5) * 0.1;
  const corners: Array<[number, number]> = [
    [outWidth * (0.07 + jitter()), outHeight * (0.05 + jitter())],
    [outWidth * (0.94 + jitter()), outHeight * (0.04 + jitter())],
    [outWidth * (0.95 + jitter()), outHeight * (0.96 + jitter())],
    [outWidth * (0.04 + jitter()), outHeight * (0.95 + jitter())],
  ];
  // The map from each photo pixel back to the page, to sample the page there.
  const inv = [
    ...homography(corners, [
      [0, 0],
      [width, 0],
      [width, height],
      [0, height],
    ]),
    1,
  ];
  const source = page.canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const out = createCanvas(outWidth, outHeight);
  const context = out.getContext('2d');
  const image = context.createImageData(outWidth, outHeight);
  const light = { x: rand() * outWidth, y: rand() * outHeight, strength: 0.35 + rand() * 0.2 };
  const diagonal = Math.hypot(outWidth, outHeight);
  for (let v = 0; v < outHeight; v++) {
    for (let u = 0; u < outWidth; u++) {
      const w = inv[6]! * u + inv[7]! * v + inv[8]!;
      const x = (inv[0]! * u + inv[1]! * v + inv[2]!) / w;
      const y = (inv[3]! * u + inv[4]! * v + inv[5]!) / w;
      let grey: number;
      if (x >= 0 && y >= 0 && x < width - 1 && y < height - 1) {
        // Bilinear sample of the page.
        const x0 = Math.floor(x);
        const y0 = Math.floor(y);
        const fx = x - x0;
        const fy = y - y0;
        const at = (xx: number, yy: number) => source[(yy * width + xx) * 4]!;
        grey = at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy;
      } else grey = 95; // the desk
      const shade = 1 - light.strength * (Math.hypot(u - light.x, v - light.y) / diagonal);
      const noise = (rand() + rand() + rand() - 1.5) * 18;
      const value = Math.max(0, Math.min(255, grey * shade + noise));
      const offset = (v * outWidth + u) * 4;
      image.data[offset] = value;
      image.data[offset + 1] = value * 0.98;
      image.data[offset + 2] = value * 0.93;
      image.data[offset + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  // Camera softness: draw it onto itself through a blur.
  const soft = createCanvas(outWidth, outHeight);
  const softContext = soft.getContext('2d');
  softContext.filter = 'blur(0.8px)';
  softContext.drawImage(out, 0, 0);
  return soft.toBuffer('image/jpeg', 55);
}

/** A thermal-printer receipt: monospace, right-aligned prices, faded grey ink, slightly turned. */
export function receipt(index: number): { image: Buffer; text: string } {
  const rand = random(3000 + index);
  const items = [
    'Whole milk 1L',
    'Rye bread',
    'Free range eggs x6',
    'Bananas 1.2kg',
    'Olive oil 500ml',
    'Coffee beans',
    'Tomatoes',
    'Cheddar 200g',
    'Pasta 500g',
    'Dish soap',
    'Apples 1kg',
    'Yoghurt 4-pack',
    'Orange juice',
    'Rice 2kg',
  ];
  const width = 576;
  const chars = 36;
  const lines = [
    `FRESH MARKET #${100 + index}`,
    `${12 + index} HIGH STREET`,
    `DATE 2026-0${1 + (index % 9)}-1${index % 10} 1${index % 10}:4${index % 6}`,
    ''.padEnd(chars, '-'),
  ];
  let total = 0;
  const count = 5 + Math.floor(rand() * 6);
  for (let i = 0; i < count; i++) {
    const name = items[Math.floor(rand() * items.length)]!;
    const price = (0.5 + rand() * 12).toFixed(2);
    total += Number(price);
    lines.push(`${name}${price.padStart(chars - name.length)}`);
  }
  lines.push(''.padEnd(chars, '-'), `TOTAL${total.toFixed(2).padStart(chars - 5)}`, `CARD${total.toFixed(2).padStart(chars - 4)}`, 'THANK YOU');
  const size = 24;
  const height = 80 + lines.length * size * 1.3;
  const canvas = createCanvas(width + 80, Math.ceil(height) + 60);
  const context = canvas.getContext('2d');
  context.fillStyle = '#c9c4b8';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((rand() - 0.5) * 0.05);
  context.translate(-canvas.width / 2, -canvas.height / 2);
  context.fillStyle = '#f4f1ea';
  context.fillRect(40, 30, width, height);
  context.font = `${size}px Mono`;
  lines.forEach((line, i) => {
    const ink = 70 + Math.floor(rand() * 70);
    context.fillStyle = `rgb(${ink},${ink},${ink + 10})`;
    context.fillText(line, 60, 30 + 50 + i * size * 1.3);
  });
  return { image: canvas.toBuffer('image/jpeg', 60), text: lines.join('\n') };
}

export interface SampleSet {
  name: string;
  samples: Array<{ file: string; text: string }>;
}

/** Writes the three sets (10 images each) and returns where they are. */
export function makeSyntheticSets(count = 10): SampleSet[] {
  const paragraphs = prose();
  const sets: SampleSet[] = [
    { name: 'clean', samples: [] },
    { name: 'photos', samples: [] },
    { name: 'receipts', samples: [] },
  ];
  for (const set of sets) mkdirSync(path.join(dataDir, set.name), { recursive: true });
  for (let i = 0; i < count; i++) {
    const page = cleanPage(i, paragraphs);
    const clean = path.join(dataDir, 'clean', `${i}.png`);
    writeFileSync(clean, page.canvas.toBuffer('image/png'));
    sets[0]!.samples.push({ file: clean, text: page.text });
    const photoFile = path.join(dataDir, 'photos', `${i}.jpg`);
    writeFileSync(photoFile, photo(page, i));
    sets[1]!.samples.push({ file: photoFile, text: page.text });
    const made = receipt(i);
    const receiptFile = path.join(dataDir, 'receipts', `${i}.jpg`);
    writeFileSync(receiptFile, made.image);
    sets[2]!.samples.push({ file: receiptFile, text: made.text });
  }
  return sets;
}

export interface FigurePage {
  canvas: Canvas;
  /** Every word on the page, headings, body and labels, in reading order (the labels last). */
  text: string;
  /** The headings, each a dark number and its words in a light colour. */
  headings: string[];
  /** The words inside the diagram's shapes. */
  labels: string[];
}

/**
 * A handout page in colour: headings whose words are set in light colours (yellow, pale grey,
 * light blue, orange) after a dark number, body text under each, and a labelled diagram, a
 * theatre's plan of rings, a stage and a hatched orchestra with small labels inside the shapes.
 */
export function figurePage(paragraphs: string[]): FigurePage {
  const canvas = createCanvas(1240, 1754);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const margin = 100;
  const headings: Array<[string, string, string]> = [
    ['2.1.', 'The sun and the stage', '#f2c200'],
    ['2.2.', 'Seats for the whole town', '#b8b8b8'],
    ['2.3.', 'Water and light', '#7cc8ec'],
    ['2.4.', 'The square outside', '#f5a347'],
  ];
  const body: string[] = [];
  let y = margin + 30;
  headings.forEach(([number, words, colour], i) => {
    context.font = 'bold 34px Sans';
    context.fillStyle = '#1a1a1a';
    context.fillText(number, margin, y);
    context.fillStyle = colour;
    context.fillText(words, margin + context.measureText(`${number} `).width, y);
    y += 46;
    context.font = '23px Serif';
    context.fillStyle = '#111';
    const block = wrap(context, paragraphs[(i * 7) % paragraphs.length]!, canvas.width - 2 * margin).slice(0, 3);
    for (const line of block) {
      context.fillText(line, margin, y);
      y += 33;
    }
    body.push(`${number} ${words}`, ...block);
    y += 26;
  });

  // The plan: rings of seats round a hatched orchestra, a stage in front, arrows to the doors.
  const cx = canvas.width / 2;
  const cy = y + 560;
  context.strokeStyle = '#222';
  for (const [radius, width] of [
    [520, 6],
    [430, 3],
    [340, 3],
    [250, 6],
  ] as const) {
    context.lineWidth = width;
    context.beginPath();
    context.arc(cx, cy, radius, Math.PI, 2 * Math.PI);
    context.stroke();
  }
  for (let angle = Math.PI; angle <= 2 * Math.PI + 0.01; angle += Math.PI / 8) {
    context.lineWidth = 2;
    context.beginPath();
    context.moveTo(cx + Math.cos(angle) * 250, cy + Math.sin(angle) * 250);
    context.lineTo(cx + Math.cos(angle) * 520, cy + Math.sin(angle) * 520);
    context.stroke();
  }
  context.save();
  context.beginPath();
  context.arc(cx, cy, 160, Math.PI, 2 * Math.PI);
  context.clip();
  context.lineWidth = 2;
  for (let x = cx - 200; x < cx + 200; x += 14) {
    context.beginPath();
    context.moveTo(x, cy);
    context.lineTo(x + 160, cy - 160);
    context.stroke();
  }
  context.restore();
  context.lineWidth = 4;
  context.strokeRect(cx - 300, cy + 30, 600, 110);
  context.fillStyle = '#fff';
  context.font = 'bold 26px Sans';
  const labels: Array<[string, number, number]> = [
    ['Gradins', cx - 385, cy - 150],
    ['Seating', cx + 300, cy - 150],
    ['Orchestra', cx - 62, cy - 175],
    ['Stage', cx - 36, cy + 95],
    ['Entrance', cx - 640 + 110, cy + 60],
  ];
  for (const [label, x, labelY] of labels) {
    const width = context.measureText(label).width;
    context.fillStyle = '#fff';
    context.fillRect(x - 6, labelY - 26, width + 12, 34);
    context.fillStyle = '#111';
    context.fillText(label, x, labelY);
  }
  return {
    canvas,
    text: [...body, ...labels.map(([label]) => label)].join('\n'),
    headings: headings.map(([number, words]) => `${number} ${words}`),
    labels: labels.map(([label]) => label),
  };
}

/** The bold faces a parts list is set in: a serif, a narrow serif, a typewriter's. */
export const PARTS_FONTS = ['SerifBold', 'SerifCondensedBold', 'MonoBold'] as const;

export interface PartsTableOptions {
  font?: (typeof PARTS_FONTS)[number];
  /** How worn the scan is, 0 (clean print on white) to 1 (grey paper, specks, soft ink). */
  noise?: number;
}

/**
 * An old scan of a parts list: bold figures and codes ("13 A-14 B", "2417-6") in two pairs of
 * ruled columns under a short heading, with the things a real scan of one carries that a clean
 * render lacks: ink blots, a long rule down the left margin (the binding's shadow or a ruler's
 * edge), specks, grey paper and a slight turn. Its text goes row by row, left pair then right.
 */
export function partsTablePage(seed: number, { font = 'SerifBold', noise = 0.5 }: PartsTableOptions = {}): { image: Buffer; text: string } {
  const rand = random(7000 + seed);
  const width = 1275;
  const height = 1650;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#111';
  context.strokeStyle = '#111';
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const letter = () => pick('ABCDEFGHKLMNPRS'.split(''));
  const code = () => {
    const kind = rand();
    if (kind < 0.35) return `${1 + Math.floor(rand() * 40)} ${letter()}-${1 + Math.floor(rand() * 40)} ${letter()}`;
    if (kind < 0.7) return `${1000 + Math.floor(rand() * 9000)}-${1 + Math.floor(rand() * 9)}`;
    return `${letter()}-${10 + Math.floor(rand() * 90)}`;
  };
  const heading = pick(['PARTS LIST', 'INDEX OF PARTS', 'SPARE PARTS']);
  context.font = `44px ${font}`;
  context.fillText(heading, width / 2 - context.measureText(heading).width / 2, 150);
  const size = 30;
  context.font = `${size}px ${font}`;
  const top = 230;
  const rowHeight = size * 1.6;
  const rows = 24;
  // Two pairs of columns: part number and where it is shown, twice across the sheet.
  const columns = [170, 470, 700, 1000];
  const lines: string[] = [];
  for (let row = 0; row < rows; row++) {
    const y = top + (row + 1) * rowHeight;
    const cells = columns.map(() => code());
    cells.forEach((cell, i) => context.fillText(cell, columns[i]!, y));
    lines.push(cells.join(' '));
  }
  context.lineWidth = 3;
  const bottom = top + rows * rowHeight + rowHeight * 0.6;
  for (const x of [140, 440, 680, 970, 1200]) {
    context.beginPath();
    context.moveTo(x, top);
    context.lineTo(x, bottom);
    context.stroke();
  }
  for (const y of [top, bottom]) {
    context.beginPath();
    context.moveTo(140, y);
    context.lineTo(1200, y);
    context.stroke();
  }
  // The margin rule runs the sheet's height, a little wavy.
  context.lineWidth = 5 + noise * 6;
  context.beginPath();
  context.moveTo(55 + rand() * 20, 0);
  context.bezierCurveTo(60 + rand() * 15, height / 3, 50 + rand() * 15, (2 * height) / 3, 58 + rand() * 15, height);
  context.stroke();
  // Blots: irregular dark shapes, a few across the sheet, some touching the figures.
  const blots = 2 + Math.round(noise * 5);
  for (let i = 0; i < blots; i++) {
    const cx = 120 + rand() * (width - 200);
    const cy = top + rand() * (bottom - top + 200);
    const r = 6 + rand() * (10 + noise * 22);
    context.beginPath();
    for (let a = 0; a <= 12; a++) {
      const angle = (a / 12) * Math.PI * 2;
      const radius = r * (0.6 + rand() * 0.6);
      const px = cx + Math.cos(angle) * radius;
      const py = cy + Math.sin(angle) * radius * (0.5 + rand());
      if (a === 0) context.moveTo(px, py);
      else context.lineTo(px, py);
    }
    context.fill();
  }
  // The scan: turned a little, ink softened, grey paper with specks.
  const scan = createCanvas(width, height);
  const scanContext = scan.getContext('2d');
  const paper = Math.round(255 - noise * 30);
  scanContext.fillStyle = `rgb(${paper},${paper},${paper - 4})`;
  scanContext.fillRect(0, 0, width, height);
  scanContext.translate(width / 2, height / 2);
  scanContext.rotate((rand() - 0.5) * 0.012);
  scanContext.translate(-width / 2, -height / 2);
  scanContext.filter = `blur(${(0.3 + noise * 0.9).toFixed(2)}px)`;
  scanContext.globalCompositeOperation = 'multiply';
  scanContext.drawImage(canvas, 0, 0);
  scanContext.filter = 'none';
  scanContext.globalCompositeOperation = 'source-over';
  scanContext.setTransform(1, 0, 0, 1, 0, 0);
  const specks = Math.round(noise * 1500);
  scanContext.fillStyle = '#222';
  for (let i = 0; i < specks; i++) scanContext.fillRect(rand() * width, rand() * height, 1 + rand() * 2.5, 1 + rand() * 2.5);
  return { image: scan.toBuffer('image/png'), text: [heading, ...lines].join('\n') };
}

/**
 * A printed table whose shading is a printer's screen, as scans and screenshots of reports
 * carry it: the header row on a dither of alternate black and white pixels (a 50% grey), one
 * column of figures on a coarser dot screen, bold labels and figures printed over both, plain
 * rows of names and numbers between. Its text goes row by row.
 */
export function shadedTablePage(seed = 1): { image: Buffer; text: string; header: string[]; onScreen: string[] } {
  const rand = random(9000 + seed);
  const width = 1500;
  const rowHeight = 46;
  const names = ['Revenue', 'Operating income', 'Interest expense', 'Income taxes', 'Net income', 'Diluted shares', 'Book value', 'Net debt'];
  const header = ['Item', 'Actual', 'Change', 'Estimate'];
  const columns = [60, 560, 860, 1160];
  const height = 120 + rowHeight * (names.length + 1) + 80;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  const top = 100;
  const figure = () => `${100 + Math.floor(rand() * 900)}.${Math.floor(rand() * 10)}`;
  const change = () => `${rand() < 0.5 ? '-' : ''}${1 + Math.floor(rand() * 30)}%`;
  const rows = names.map((name) => [name, figure(), change(), figure()]);
  const columnX = (i: number) => columns[i]! + 20;
  context.fillStyle = '#000';
  context.font = 'bold 28px Sans';
  header.forEach((label, i) => context.fillText(label, columnX(i), top + rowHeight - 14));
  context.font = '28px Serif';
  rows.forEach((cells, r) =>
    cells.forEach((cell, i) => {
      context.font = i === 2 ? 'bold 28px Serif' : '28px Serif';
      context.fillText(cell, columnX(i), top + rowHeight * (r + 2) - 14);
    }),
  );
  context.lineWidth = 2;
  context.strokeRect(columns[0]! - 10, top, width - 2 * (columns[0]! - 10), rowHeight * (names.length + 1) + 10);
  // The screens go under the print: paper in the header row becomes the dither, paper in the
  // change column the dot screen; the ink printed over them stays.
  const pixels = context.getImageData(0, 0, width, height);
  const { data } = pixels;
  const screen = (x0: number, y0: number, x1: number, y1: number, dark: (x: number, y: number) => boolean, level: number) => {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * width + x) * 4;
        if (data[i]! > 200 && dark(x, y)) data[i] = data[i + 1] = data[i + 2] = level;
      }
    }
  };
  screen(columns[0]! - 8, top + 2, width - columns[0]! + 8, top + rowHeight, (x, y) => (x + y) % 2 === 0, 0);
  screen(columns[2]! - 10, top + rowHeight, columns[3]! - 30, top + rowHeight * (names.length + 1) + 8, (x, y) => x % 4 < 2 && y % 4 < 2, 60);
  context.putImageData(pixels, 0, 0);
  return {
    image: canvas.toBuffer('image/png'),
    text: [header.join(' '), ...rows.map((cells) => cells.join(' '))].join('\n'),
    header,
    onScreen: [...header, ...rows.map((cells) => cells[2]!)],
  };
}
