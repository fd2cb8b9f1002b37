import filenamify from 'filenamify/browser';

/**
 * How every tool names what it gives back, on the page and through the API alike: after the
 * visitor's own file (`Überweisung 2026.jpg` → `Überweisung 2026_extracted.txt`), or for typed
 * text after its first words, with the tool's suffix; the spec's fixed name only where nothing
 * of the input is left to name it by.
 */

/**
 * Most UTF-8 bytes of the input's part of a name. File systems hold 255 bytes a name (ext4,
 * APFS; NTFS 255 UTF-16 units), and a .zip unpacked there too: this leaves room for the tool's
 * suffix (`_extracted_text.txt`, `_page_500.jpg`), a browser's " (12)" for a repeated name and
 * Chrome's ".crdownload" while it downloads. 150 bytes are 150 Latin letters, 50 Chinese ones.
 */
const MAX_STEM_BYTES = 150;

/**
 * Graphemes of typed text a name takes at most: "Meeting notes for the 3 March review" fits; a
 * name past a line's width in a file list is cut by the list anyway.
 */
const MAX_TEXT_STEM_LENGTH = 40;

/** Stands where the input's name had a character no file system takes (`/ \ : * ? " < > |`, controls). */
const REPLACEMENT = '_';

/**
 * An extension as file names carry one: up to five letters or digits with a letter among them
 * (`.jpg`, `.docx`, `.tiff`), so "Scan 12.05.2026" and "Report v1.2" keep their dates and numbers.
 */
const EXTENSION = /\.(?=[^.]*\p{L})[\p{L}\p{N}]{1,5}$/u;

const encoder = new TextEncoder();

let graphemes: Intl.Segmenter | undefined;

/** `text` cut to at most `fits` of it, on a grapheme boundary (a letter with its accents, an emoji whole). */
function cutGraphemes(text: string, fits: (kept: string) => boolean): string {
  if (fits(text)) return text;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (!fits(kept + segment)) break;
    kept += segment;
  }
  return kept;
}

/** Any letter, digit or symbol (an emoji): a name of only marks and blanks names nothing. */
const MEANINGFUL = /[\p{L}\p{N}\p{S}]/u;

/**
 * A part of a file name made safe on every system and short enough, or '' where nothing is left:
 * characters Windows forbids, path separators and control and format characters (the
 * right-to-left override that disguises an extension among them) replaced, Windows' reserved
 * names (CON, NUL…) changed, leading dots (a hidden file) and outer blanks dropped, cut at
 * MAX_STEM_BYTES.
 */
function safeStem(stem: string, maxBytes = MAX_STEM_BYTES): string {
  let safe = filenamify(stem, { replacement: REPLACEMENT, maxLength: Number.MAX_SAFE_INTEGER });
  safe = safe.replace(/^[\s.]+/, '').trim();
  if (!MEANINGFUL.test(safe)) return '';
  safe = cutGraphemes(safe, (kept) => encoder.encode(kept).length <= maxBytes);
  return safe.replace(/[\s.]+$/, '');
}

/** The stem with the tool's suffix, checked again as a whole ("CON" + ".pdf" is a name Windows refuses). */
function joined(stem: string, suffix: string): string {
  return filenamify(stem + suffix, { replacement: REPLACEMENT, maxLength: Number.MAX_SAFE_INTEGER });
}

/**
 * The input's name without its folders' part and its extension, made safe: "Mein Foto.jpg" →
 * "Mein Foto", "报告.pdf" → "报告", ".hidden" → "hidden"; '' where nothing is left.
 */
export function fileStem(fileName: string): string {
  // A client may send a path as the file's name (RFC 7578 says to take its last part).
  const name = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  return safeStem(name.replace(EXTENSION, ''));
}

/**
 * An output named after its input file: the input's stem and the tool's suffix, with its
 * extension (`_extracted.txt`, `.pdf`); `fallback`, the spec's name, where the input's name
 * leaves no stem.
 */
export function nameAfterFile(fileName: string, suffix: string, fallback: string): string {
  const stem = fileStem(fileName);
  return stem ? joined(stem, suffix) : fallback;
}

/** Schemes whose address is text worth naming a file by once the scheme is gone. */
const URL_SCHEME = /^(?:https?|ftp):\/\/(?:www\.)?/i;

/**
 * What of a typed text names its file: its first line with a letter or digit, a web address
 * as its host and path (its query and fragment, where tokens live, dropped), a Wi-Fi code as its
 * network's name alone (never its password), a contact card as its person's name.
 */
function textTitle(text: string): string {
  const wifi = /^WIFI:(?:.*;)?S:((?:\\.|[^;\\])*)/i.exec(text.trim());
  if (wifi) return wifi[1]!.replace(/\\(.)/g, '$1');
  const card = /^BEGIN:VCARD[\s\S]*?^FN[^:\r\n]*:(.*)$/im.exec(text.trim());
  if (card) return card[1]!;
  const line =
    text
      .split(/\r?\n/)
      .map((row) => row.trim())
      .find((row) => MEANINGFUL.test(row)) ?? '';
  if (URL_SCHEME.test(line))
    return line
      .replace(URL_SCHEME, '')
      .replace(/[?#].*$/, '')
      .replace(/\/+/g, ' ');
  return line.replace(/^(?:mailto|tel|sms):/i, '');
}

/**
 * An output named after typed text, as word processors name a new document: its first words
 * (cut at a word's end past half of MAX_TEXT_STEM_LENGTH), then the tool's suffix; `fallback`,
 * the spec's name, where the text has no word to give.
 */
export function nameAfterText(text: string, suffix: string, fallback: string): string {
  // Separators and marks a name cannot hold read as spaces here: "Menu: week 12" → "Menu week 12".
  // The joiner inside an emoji (U+200D) stays.
  const words = textTitle(text)
    .replace(/(?:[\\/:*?"<>|\p{Cc}]|(?!\u200d)\p{Cf})+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let title = cutGraphemes(words, (kept) => [...kept].length <= MAX_TEXT_STEM_LENGTH);
  if (title.length < words.length) {
    const end = title.lastIndexOf(' ');
    if (end > MAX_TEXT_STEM_LENGTH / 2) title = title.slice(0, end);
  }
  const stem = safeStem(title);
  return stem ? joined(stem, suffix) : fallback;
}

/** A name without its extension ("Foto_extracted.txt" → "Foto_extracted"). */
function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The .zip of a batch ("Download all" of several files): after its first output, and how many
 * files came with it, with no words to translate: `Foto_extracted (+9).zip`.
 */
export function batchZipName(firstOutputName: string, files: number): string {
  const stem = withoutExtension(firstOutputName) || 'files';
  return files > 1 ? `${stem} (+${files - 1}).zip` : `${stem}.zip`;
}

/** Latin letters of our languages that have no accent to drop (German ß, Polish Ł, Danish Æ Ø, Turkish ı). */
const LATIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Đ: 'D',
  đ: 'd',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
};

/**
 * An ASCII name for clients that read no other (HTTP's `filename=` beside `filename*=`): accents
 * dropped ("Grüße aus Łódź" → "Grusse aus Lodz"), other characters gone ("报告_extracted.txt" →
 * "extracted.txt"); `fallbackStem` with the extension where no letter or digit is left.
 */
export function asciiFileName(name: string, fallbackStem: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  const ascii = (dot > 0 ? name.slice(0, dot) : name)
    .replace(/[ßŁłØøÆæŒœĐđÞþı]/g, (letter) => LATIN_LETTERS[letter]!)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // Quotes, backslashes and percent signs too: some clients decode a quoted name's escapes.
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
    .replace(/\s*_[\s_]*/g, '_')
    .replace(/^[\s_]+|[\s_]+$/g, '');
  return (/[A-Za-z0-9]/.test(ascii) ? ascii : fallbackStem) + extension.replace(/[^\x20-\x7e]|["\\%]/g, '_');
}
