import type { Conversion, TextCanvasContext } from '../conversion.ts';
import { TEXT_FONT_FAMILY } from '../conversion.ts';
import { fontCodePoints } from '../documents/font-cmap.ts';
import { cleanText, wrapLine } from '../documents/text-layout-pdf.ts';
import { ConversionError, throwIfCancelled } from '../errors.ts';
import { TEXT_IMAGE_MAX_LINES } from '../limits.ts';
import { nameAfterText } from '../output-names.ts';

/**
 * Text to Image, as the spec draws it: black 24-px text on a white canvas 800 px wide, each
 * line centred, wrapped at 700 px, 40 px from one line to the next, the block centred in a
 * canvas 600 px high. Text that needs more room than 600 px makes the canvas taller, never cut.
 * Words are wrapped at spaces; a word wider than a line is cut by characters.
 */

const WIDTH = 800;
const MIN_HEIGHT = 600;
const WRAP_WIDTH = 700;
const FONT_SIZE = 24;
const LINE_HEIGHT = 40;
/** The least space above and below the text when the canvas grows: one line's height. */
const MARGIN = 40;
/**
 * DejaVu Sans, shipped with the site, draws every script of our 13 languages; a character it
 * lacks (Chinese, Japanese…) is drawn in whatever sans-serif font the device has rather than
 * left out, and is counted in the summary as `missingCharacters`.
 */
const FONT = `${FONT_SIZE}px "${TEXT_FONT_FAMILY}", sans-serif`;

/** Ends of lines in every convention cleanText knows, and form feeds, which here only end a line. */
const LINE_BREAK = /\r\n?|[\n\v\f\u0085\u2028\u2029]/g;

/** Widths as the canvas measures them (its font, kerning inside a word), each string once. */
function canvasMeasure(context: TextCanvasContext): (text: string) => number {
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = context.measureText(text).width;
      widths.set(text, width);
    }
    return width;
  };
}

/** Where each line of the typed text starts and ends (before its line break), in UTF-16 units as the page counts them. */
function lineSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (const match of text.matchAll(LINE_BREAK)) {
    spans.push([start, match.index]);
    start = match.index + match[0].length;
  }
  spans.push([start, text.length]);
  return spans;
}

const fontCoverage = new WeakMap<Uint8Array, Set<number>>();

export const textToImage: Conversion<Record<string, never>> = async ({ text }, _options, { host, onProgress, signal }) => {
  onProgress?.(0, 'converting');
  // One section: a form feed is a line break here (same length, so offsets stay the typed text's).
  const { sections } = cleanText(text.replace(/\f/g, '\n'), () => true);
  const source = sections[0] ?? [];
  if (source.length === 0) throw new ConversionError('no-text-input', 'No text was given.');

  const probe = await host.createTextCanvas(1, 1);
  probe.context.font = FONT;
  const measure = canvasMeasure(probe.context);
  const spans = lineSpans(text);
  const lines: string[] = [];
  for (const [index, line] of source.entries()) {
    const wrapped = wrapLine(line, WRAP_WIDTH, measure);
    if (lines.length + wrapped.length > TEXT_IMAGE_MAX_LINES) {
      // About how much of the text fits: the lines before this one and the share of its own
      // wrapped lines that still fit, for "at most N characters".
      const [start, end] = spans[index] ?? [text.length, text.length];
      const fits = Math.floor(((end - start) * (TEXT_IMAGE_MAX_LINES - lines.length)) / wrapped.length);
      throw new ConversionError('too-long', `The text needs more than ${TEXT_IMAGE_MAX_LINES} lines.`, {
        maxLength: start + fits,
        maxLines: TEXT_IMAGE_MAX_LINES,
      });
    }
    lines.push(...wrapped);
  }
  throwIfCancelled(signal);
  onProgress?.(0.3, 'converting');

  let fontBytes: Uint8Array | undefined;
  try {
    fontBytes = await host.font('DejaVuSans');
  } catch {
    // The count is a courtesy; the picture is drawn without it.
  }
  let missingCharacters = 0;
  if (fontBytes) {
    let covered = fontCoverage.get(fontBytes);
    if (!covered) fontCoverage.set(fontBytes, (covered = fontCodePoints(fontBytes)));
    for (const line of source) for (const char of line) if (!covered.has(char.codePointAt(0)!) && !/\s/u.test(char)) missingCharacters++;
  }

  const blockHeight = lines.length * LINE_HEIGHT;
  const height = Math.max(MIN_HEIGHT, blockHeight + 2 * MARGIN);
  const canvas = await host.createTextCanvas(WIDTH, height);
  throwIfCancelled(signal);
  const { context } = canvas;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, height);
  context.fillStyle = '#000000';
  context.font = FONT;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const top = (height - blockHeight) / 2;
  for (const [index, line] of lines.entries()) {
    if (line) context.fillText(line, WIDTH / 2, top + index * LINE_HEIGHT + LINE_HEIGHT / 2);
  }
  onProgress?.(0.6, 'converting');
  const bytes = await canvas.encodePng();
  throwIfCancelled(signal);
  onProgress?.(1, 'converting');
  return {
    outputs: [{ name: nameAfterText(text, '.png', 'generated_text_image.png'), type: 'image/png', bytes }],
    summary: { width: WIDTH, height, lines: lines.length, missingCharacters },
  };
};
