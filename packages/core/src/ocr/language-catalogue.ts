/**
 * Every language Tesseract has a model for that we can get: the npm registry's
 * `@tesseract.js-data/{code}` packages (best_int models), and Russian, which npm lacks, from
 * Debian's tesseract-ocr-rus. Codes are Tesseract's; `tag` is BCP-47, for Intl.DisplayNames
 * (each language named in the reader's language and its own) and Content-Language; `script`
 * is ISO 15924, for grouping the picker and for detection (a page's script found first).
 * Checked against the registry on 2026-11-27: Tesseract's aze_cyrl, bre, chi_sim_vert, chr,
 * cos, dzo, fao, frm, fry, gla, grc, iku, ita_old, kat_old, khm, kmr, kor_vert, oci, spa_old,
 * srp_latn, syr and ton have no package there, so they are not offered.
 */
export interface OcrLanguageEntry {
  code: string;
  tag: string;
  script: string;
  /** Written right to left (its text comes out in logical order, shown with dir="auto"). */
  rtl?: boolean;
  /** A model of vertical text (columns top to bottom, right to left). */
  vertical?: boolean;
}

const entry = (code: string, tag: string, script: string, extra: Partial<OcrLanguageEntry> = {}): OcrLanguageEntry => ({ code, tag, script, ...extra });
const rtl = { rtl: true };
const vertical = { vertical: true };

export const ocrCatalogue: readonly OcrLanguageEntry[] = [
  entry('afr', 'af', 'Latn'),
  entry('amh', 'am', 'Ethi'),
  entry('ara', 'ar', 'Arab', rtl),
  entry('asm', 'as', 'Beng'),
  entry('aze', 'az', 'Latn'),
  entry('bel', 'be', 'Cyrl'),
  entry('ben', 'bn', 'Beng'),
  entry('bod', 'bo', 'Tibt'),
  entry('bos', 'bs', 'Latn'),
  entry('bul', 'bg', 'Cyrl'),
  entry('cat', 'ca', 'Latn'),
  entry('ceb', 'ceb', 'Latn'),
  entry('ces', 'cs', 'Latn'),
  entry('chi_sim', 'zh-Hans', 'Hans'),
  entry('chi_tra', 'zh-Hant', 'Hant'),
  entry('chi_tra_vert', 'zh-Hant', 'Hant', vertical),
  entry('cym', 'cy', 'Latn'),
  entry('dan', 'da', 'Latn'),
  entry('deu', 'de', 'Latn'),
  entry('div', 'dv', 'Thaa', rtl),
  entry('ell', 'el', 'Grek'),
  entry('eng', 'en', 'Latn'),
  entry('enm', 'enm', 'Latn'),
  entry('epo', 'eo', 'Latn'),
  entry('est', 'et', 'Latn'),
  entry('eus', 'eu', 'Latn'),
  entry('fas', 'fa', 'Arab', rtl),
  entry('fil', 'fil', 'Latn'),
  entry('fin', 'fi', 'Latn'),
  entry('fra', 'fr', 'Latn'),
  entry('frk', 'de-Latf', 'Latf'),
  entry('gle', 'ga', 'Latn'),
  entry('glg', 'gl', 'Latn'),
  entry('guj', 'gu', 'Gujr'),
  entry('hat', 'ht', 'Latn'),
  entry('heb', 'he', 'Hebr', rtl),
  entry('hin', 'hi', 'Deva'),
  entry('hrv', 'hr', 'Latn'),
  entry('hun', 'hu', 'Latn'),
  entry('hye', 'hy', 'Armn'),
  entry('ind', 'id', 'Latn'),
  entry('isl', 'is', 'Latn'),
  entry('ita', 'it', 'Latn'),
  entry('jav', 'jv', 'Latn'),
  entry('jpn', 'ja', 'Jpan'),
  entry('jpn_vert', 'ja', 'Jpan', vertical),
  entry('kan', 'kn', 'Knda'),
  entry('kat', 'ka', 'Geor'),
  entry('kaz', 'kk', 'Cyrl'),
  entry('kir', 'ky', 'Cyrl'),
  entry('kor', 'ko', 'Kore'),
  entry('lao', 'lo', 'Laoo'),
  entry('lat', 'la', 'Latn'),
  entry('lav', 'lv', 'Latn'),
  entry('lit', 'lt', 'Latn'),
  entry('ltz', 'lb', 'Latn'),
  entry('mal', 'ml', 'Mlym'),
  entry('mar', 'mr', 'Deva'),
  entry('mkd', 'mk', 'Cyrl'),
  entry('mlt', 'mt', 'Latn'),
  entry('mon', 'mn', 'Cyrl'),
  entry('mri', 'mi', 'Latn'),
  entry('msa', 'ms', 'Latn'),
  entry('mya', 'my', 'Mymr'),
  entry('nep', 'ne', 'Deva'),
  entry('nld', 'nl', 'Latn'),
  entry('nor', 'no', 'Latn'),
  entry('ori', 'or', 'Orya'),
  entry('pan', 'pa', 'Guru'),
  entry('pol', 'pl', 'Latn'),
  entry('por', 'pt', 'Latn'),
  entry('pus', 'ps', 'Arab', rtl),
  entry('que', 'qu', 'Latn'),
  entry('ron', 'ro', 'Latn'),
  entry('rus', 'ru', 'Cyrl'),
  entry('san', 'sa', 'Deva'),
  entry('sin', 'si', 'Sinh'),
  entry('slk', 'sk', 'Latn'),
  entry('slv', 'sl', 'Latn'),
  entry('snd', 'sd', 'Arab', rtl),
  entry('spa', 'es', 'Latn'),
  entry('sqi', 'sq', 'Latn'),
  entry('srp', 'sr', 'Cyrl'),
  entry('sun', 'su', 'Latn'),
  entry('swa', 'sw', 'Latn'),
  entry('swe', 'sv', 'Latn'),
  entry('tam', 'ta', 'Taml'),
  entry('tat', 'tt', 'Cyrl'),
  entry('tel', 'te', 'Telu'),
  entry('tgk', 'tg', 'Cyrl'),
  entry('tha', 'th', 'Thai'),
  entry('tir', 'ti', 'Ethi'),
  entry('tur', 'tr', 'Latn'),
  entry('uig', 'ug', 'Arab', rtl),
  entry('ukr', 'uk', 'Cyrl'),
  entry('urd', 'ur', 'Arab', rtl),
  entry('uzb', 'uz', 'Latn'),
  entry('uzb_cyrl', 'uz-Cyrl', 'Cyrl'),
  entry('vie', 'vi', 'Latn'),
  entry('yid', 'yi', 'Hebr', rtl),
  entry('yor', 'yo', 'Latn'),
];

const byCode = new Map(ocrCatalogue.map((language) => [language.code, language]));

/** The catalogue's entry for a Tesseract code, or undefined for one we cannot read. */
export function catalogueEntry(code: string): OcrLanguageEntry | undefined {
  return byCode.get(code);
}

/** The npm package that holds a language's model; Russian has none (Debian's is read). */
export function modelPackageOf(code: string): string | undefined {
  if (code === 'rus' || !byCode.has(code)) return undefined;
  return `@tesseract.js-data/${code}`;
}
