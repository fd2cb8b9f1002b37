// Pages of real translated sentences for OCR language tests and benches: messages that Debian's
// packages ship translated (gettext catalogues in /usr/share/locale, read with msgunfmt), so
// the text is what their translators wrote, not text written for a test. Drawn clean, one
// paragraph a message, in DejaVu (Latin, Cyrillic, Greek…) or Noto CJK.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
GlobalFonts.registerFromPath(dejavu, 'CatalogueSans');
const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
if (existsSync(NOTO_CJK)) GlobalFonts.registerFromPath(NOTO_CJK, 'CatalogueCJK');

/** Catalogues most Debian systems carry translated into many languages. */
const DOMAINS = ['coreutils', 'dpkg', 'apt', 'bash', 'findutils', 'grep', 'diffutils', 'gettext-tools', 'glib20', 'gtk30'];

/** A catalogue's messages as [source, translation] pairs, from `msgunfmt` (gettext). */
function messages(locale: string, domain: string): Array<[string, string]> {
  const file = `/usr/share/locale/${locale}/LC_MESSAGES/${domain}.mo`;
  if (!existsSync(file)) return [];
  const po = execFileSync('msgunfmt', ['--no-wrap', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  const pairs: Array<[string, string]> = [];
  // C escapes JSON lacks (\a, \v) mark control text, never a sentence: such messages are left out.
  const unquote = (value: string) => {
    try {
      return JSON.parse(value) as string;
    } catch {
      return '';
    }
  };
  for (const match of po.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) pairs.push([unquote(match[1]!), unquote(match[2]!)]);
  return pairs;
}

/** A message that reads as a sentence on paper: no placeholders, markup, options or line breaks. */
function isProse(text: string, latinAllowed: boolean): boolean {
  if (text.length < 24 || text.length > 110) return false;
  // Option help ("-S    sort by size"), placeholders (CHAR, FILE) and markup are not prose.
  if (/[%$<>{}[\]_=/\\|@`*#\n\t]|--|\.\.\.|\s-\w|^[-+]|\s{2}|\b[A-Z]{3,}\b/u.test(text)) return false;
  if (!latinAllowed && (text.match(/[A-Za-z]/g)?.length ?? 0) > 2) return false;
  return /\p{L}{3}/u.test(text);
}

/**
 * Up to `count` translated sentences of a locale (`ja`, `uk`, `zh_CN`…), the same ones on every
 * machine with the same packages; `en` gives the source messages, which their authors wrote.
 */
export function catalogueSentences(locale: string, count: number, { skip = 0 }: { skip?: number } = {}): string[] {
  const latin = !['ja', 'zh_CN', 'zh_TW', 'ru', 'uk', 'bg', 'el', 'ko', 'ar', 'he', 'hi', 'th', 'sr', 'be', 'mk', 'kk'].includes(locale);
  const found: string[] = [];
  const seen = new Set<string>();
  for (const domain of DOMAINS) {
    for (const [source, translation] of messages(locale === 'en' ? 'de' : locale, domain)) {
      const text = (locale === 'en' ? source : translation).trim();
      if (!translation || seen.has(text) || !isProse(text, latin)) continue;
      seen.add(text);
      found.push(text);
    }
  }
  return found.slice(skip, skip + count);
}

/** Whether a text is written with CJK characters (drawn in Noto CJK, wrapped by character). */
const isCjk = (text: string) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text);

/**
 * A clean page of paragraphs, black on white, 1240 pixels wide (A4 at 150 dpi), 26 px letters:
 * PNG bytes. CJK paragraphs break anywhere, others between words.
 */
export function sentencePage(paragraphs: string[], options: { width?: number; size?: number } = {}): Buffer {
  return drawSentences(paragraphs, options).toBuffer('image/png');
}

/** The same page's grey pixels, as a reading gets them once decoded (black on white: any channel). */
export function sentenceGrey(paragraphs: string[], options: { width?: number; size?: number } = {}): { width: number; height: number; data: Uint8Array } {
  const canvas = drawSentences(paragraphs, options);
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { width, height, data };
}

function drawSentences(paragraphs: string[], { width = 1240, size = 26 }: { width?: number; size?: number }) {
  const margin = 80;
  const lineHeight = Math.round(size * 1.6);
  const measure = createCanvas(10, 10).getContext('2d');
  const lines: Array<{ text: string; font: string } | undefined> = [];
  for (const paragraph of paragraphs) {
    const font = `${size}px ${isCjk(paragraph) ? 'CatalogueCJK' : 'CatalogueSans'}`;
    measure.font = font;
    const pieces = isCjk(paragraph) ? [...paragraph] : paragraph.split(' ');
    const joiner = isCjk(paragraph) ? '' : ' ';
    let line = '';
    for (const piece of pieces) {
      const candidate = line ? `${line}${joiner}${piece}` : piece;
      if (measure.measureText(candidate).width > width - 2 * margin && line) {
        lines.push({ text: line, font });
        line = piece;
      } else line = candidate;
    }
    if (line) lines.push({ text: line, font });
    lines.push(undefined);
  }
  const height = margin * 2 + lines.length * lineHeight;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000';
  context.textBaseline = 'top';
  lines.forEach((line, index) => {
    if (!line) return;
    context.font = line.font;
    context.fillText(line.text, margin, margin + index * lineHeight);
  });
  return canvas;
}
