// Pictures of sentences for the OCR language bench: black on white, a system font that has the
// script (fontconfig's own coverage, `fc-list :lang=xx`), or one from a folder given with --fonts
// (read by `fc-query`), right aligned and laid out right to left for Arabic and Hebrew.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

/** Readable print: 30 px letters, about 11 pt at 200 dpi, the size of a scanned book page's. */
const FONT_PX = 30;
const LINE_PITCH = 1.8;
const MARGIN = 60;
const WIDTH = 1600;

/** Families tried first, in this order, for their clean shapes; any other font of the language after them. */
const PREFERRED = ['Noto Sans', 'DejaVu Sans', 'Noto Sans CJK JP', 'Noto Sans CJK KR', 'Liberation Sans'];

/** Faces other than the plain upright one: bold, italic, thin, narrow. */
const NOT_PLAIN = /Bold|Italic|Oblique|Light|Thin|Condensed|Narrow|Black|Medium|Semi|Extra|Mono/i;

interface FontFile {
  file: string;
  family: string;
  langs: Set<string>;
}

function fontsIn(dir: string): FontFile[] {
  const out: FontFile[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (!/-Regular\.(ttf|otf|ttc)$/i.test(name) || NOT_PLAIN.test(name)) continue;
    const file = path.join(dir, name);
    const query = spawnSync('fc-query', ['-f', '%{family[0]}\\t%{lang}\\n', file], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '';
    const [family, langs] = query.split('\t');
    if (family && langs) out.push({ file, family, langs: new Set(langs.split('|')) });
  }
  return out;
}

/** A font for the fontconfig language (`ar`, `hi`, `ja`), or undefined when no font here has its letters. */
export function fontFor(fcLang: string, extraDirs: string[]): { family: string; file: string } | undefined {
  const system = spawnSync('fc-list', [`:lang=${fcLang}`, 'file', 'family', 'style'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((line) => {
      const [file, family, style] = line.split(/: |:style=/);
      return { file: file!, family: family!.split(',')[0]!.trim(), style: style ?? '' };
    })
    .filter((font) => !NOT_PLAIN.test(font.style) && !NOT_PLAIN.test(path.basename(font.file)));
  const extra = extraDirs.flatMap(fontsIn).filter((font) => font.langs.has(fcLang));
  const all = [...extra, ...system];
  // Then a plain Noto Sans of the script (not Noto Rashi Hebrew, a Mono or a Serif), then any other.
  const rank = (family: string) => {
    const at = PREFERRED.indexOf(family);
    return at >= 0 ? at : PREFERRED.length + (/^Noto Sans (?!Mono)/.test(family) ? 0 : 1);
  };
  const best = all.sort((a, b) => rank(a.family) - rank(b.family))[0];
  if (!best) return undefined;
  // Registered under its own name: a family of the same name on the system must not stand in for it.
  const alias = `bench ${path.basename(best.file)}`;
  GlobalFonts.registerFromPath(best.file, alias);
  return { family: alias, file: best.file };
}

/** Sentences that fit one line of the picture in that font, as many as asked. */
export function fittingLines(sentences: string[], family: string, count: number): string[] {
  const context = createCanvas(10, 10).getContext('2d');
  context.font = `${FONT_PX}px "${family}"`;
  return sentences.filter((sentence) => context.measureText(sentence).width <= WIDTH - 2 * MARGIN).slice(0, count);
}

/** A PNG of the lines, one sentence a line. */
export function renderLines(lines: string[], family: string, rightToLeft: boolean): Uint8Array {
  const pitch = Math.round(FONT_PX * LINE_PITCH);
  const canvas = createCanvas(WIDTH, 2 * MARGIN + lines.length * pitch);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = `${FONT_PX}px "${family}"`;
  context.textBaseline = 'alphabetic';
  context.direction = rightToLeft ? 'rtl' : 'ltr';
  context.textAlign = rightToLeft ? 'right' : 'left';
  lines.forEach((line, i) => context.fillText(line, rightToLeft ? WIDTH - MARGIN : MARGIN, MARGIN + FONT_PX + i * pitch));
  return new Uint8Array(canvas.toBuffer('image/png'));
}
