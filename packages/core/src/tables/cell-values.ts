/**
 * A cell's text as the value a spreadsheet should hold: a number with the format it was
 * printed in, a date, or the text itself. The document's own way of writing numbers decides
 * what "1,505" means (one thousand five hundred and five, or one and a half).
 */
export type CellValue =
  | { kind: 'number'; value: number; format: string }
  | { kind: 'date'; value: Date; format: string }
  | { kind: 'text'; value: string };

/** How a document writes numbers and dates. */
export interface NumberStyle {
  decimal: '.' | ',';
  /** Day-month-year, or month-day-year (the US). */
  dates: 'dmy' | 'mdy';
}

const SPACES = /[\s\u00a0\u202f\u2009]/g;
/** Minus signs as printed: hyphen, minus, en dash. */
const MINUS = '[-\u2212\u2013]';
const CURRENCY = '[$€£¥₩₹₽]';

/**
 * The document's number style, judged from its cells: figures only one style can mean
 * ("1,234,567", "3.25", "1.234,5") outvote each other; dates with a day above 12 tell their
 * order. Where nothing tells, the fallback (from the document's language) holds.
 */
export function numberStyle(texts: Iterable<string>, fallback: NumberStyle): NumberStyle {
  let dot = 0;
  let comma = 0;
  let dmy = 0;
  let mdy = 0;
  for (const raw of texts) {
    const text = raw.replace(SPACES, '');
    if (/^[-−]?\d{1,3}(,\d{3}){2,}(\.\d+)?$/.test(text) || /^[-−]?\d+\.\d{1,2}$/.test(text) || /^\d{1,3}(,\d{3})+\.\d+$/.test(text)) dot++;
    if (/^[-−]?\d{1,3}(\.\d{3}){2,}(,\d+)?$/.test(text) || /^[-−]?\d+,\d{1,2}$/.test(text) || /^\d{1,3}(\.\d{3})+,\d+$/.test(text)) comma++;
    const date = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
    if (date) {
      if (Number(date[1]) > 12 && Number(date[2]) <= 12) dmy++;
      if (Number(date[2]) > 12 && Number(date[1]) <= 12) mdy++;
    }
  }
  return {
    decimal: dot > comma ? '.' : comma > dot ? ',' : fallback.decimal,
    dates: dmy > mdy ? 'dmy' : mdy > dmy ? 'mdy' : fallback.dates,
  };
}

/** Figures past this many digits lose precision as a number (an account or card number): text. */
const MAX_DIGITS = 15;

export function cellValue(raw: string, style: NumberStyle): CellValue {
  const text = raw.trim();
  return number(text, style) ?? date(text, style) ?? { kind: 'text', value: raw };
}

function number(text: string, style: NumberStyle): CellValue | undefined {
  const match = new RegExp(`^(\\()?(${MINUS}|[△▲])?(${CURRENCY})?\\s?(${MINUS})?([\\d.,\\s\\u00a0\\u202f\\u2009]+?)\\s?(${CURRENCY})?(%)?(\\))?$`, 'u').exec(text);
  if (!match) return undefined;
  const [, open, sign, before, sign2, body, after, percent, close] = match;
  if (Boolean(open) !== Boolean(close) || (sign && sign2) || (before && after)) return undefined;
  const digits = body!.replace(SPACES, '');
  if (!/^\d/.test(digits) || !/\d$/.test(digits)) return undefined;
  const [thousands, decimal] = style.decimal === '.' ? [',', '.'] : ['.', ','];
  // Grouped thousands must be groups of three; a space groups them in either style.
  const grouped = new RegExp(`^\\d{1,3}([${thousands === ',' ? ',' : '.'}]\\d{3})+(${decimal === '.' ? '\\.' : ','}\\d+)?$`);
  const plain = new RegExp(`^\\d+(${decimal === '.' ? '\\.' : ','}\\d+)?$`);
  const spaced = /\d[\s\u00a0\u202f\u2009]\d/.test(body!);
  let integer: string;
  let fraction = '';
  if (plain.test(digits)) [integer, fraction = ''] = digits.split(decimal) as [string, string?];
  else if (grouped.test(digits)) [integer, fraction = ''] = digits.split(decimal).map((part, i) => (i === 0 ? part.split(thousands).join('') : part)) as [string, string?];
  else return undefined;
  // "007", a postcode "02134": the leading zero is part of the value.
  if (/^0\d/.test(integer) || integer.length + fraction.length > MAX_DIGITS) return undefined;
  // "1 234 567,5": groups of three after the first; "555 1234", a phone number, is text.
  if (spaced && !/^\d{1,3}([\s\u00a0\u202f\u2009]\d{3})+([.,]\d+)?$/.test(body!.trim())) return undefined;
  const negative = Boolean(open) || Boolean(sign) || Boolean(sign2);
  let value = Number(`${integer}.${fraction || '0'}`) * (negative ? -1 : 1);
  const groups = digits.includes(thousands) || spaced;
  let format = `${groups ? '#,##0' : '0'}${fraction ? `.${'0'.repeat(fraction.length)}` : ''}`;
  if (percent) {
    value /= 100;
    format += '%';
  }
  const symbol = before ?? after;
  if (symbol) format = before ? `"${symbol}"${format}` : `${format}"${symbol}"`;
  // Negatives keep the way they were printed: in brackets, or after a triangle (Japanese accounts).
  if (open) format = `${format};(${format})`;
  else if (sign === '△' || sign === '▲') format = `${format};"${sign}"${format}`;
  return { kind: 'number', value, format };
}

function date(text: string, style: NumberStyle): CellValue | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return dateOf(Number(iso[1]), Number(iso[2]), Number(iso[3]), 'yyyy-mm-dd');
  const parts = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (!parts) return undefined;
  const [, first, separator, second, year] = parts as unknown as [string, string, string, string, string];
  const [day, month] = style.dates === 'dmy' ? [first, second] : [second, first];
  const fullYear = year.length === 2 ? (Number(year) >= 70 ? 1900 : 2000) + Number(year) : Number(year);
  const part = (digits: string, letter: string) => (digits.length === 2 ? letter + letter : letter);
  const yearFormat = year.length === 2 ? 'yy' : 'yyyy';
  const format = style.dates === 'dmy'
    ? [part(first, 'd'), part(second, 'm'), yearFormat].join(separator === '.' ? '.' : separator)
    : [part(first, 'm'), part(second, 'd'), yearFormat].join(separator);
  return dateOf(fullYear, Number(month), Number(day), format);
}

/**
 * Excel's dates begin in 1900 and count a 29 February 1900 that never was: a date before
 * March 1900 is kept as the text it was.
 */
const FIRST_DATE = Date.UTC(1900, 2, 1);

function dateOf(year: number, month: number, day: number, format: string): CellValue | undefined {
  const value = new Date(Date.UTC(year, month - 1, day));
  if (value.getTime() < FIRST_DATE) return undefined;
  // 31/02: not a date, whatever it looks like.
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== day) return undefined;
  return { kind: 'date', value, format };
}

/** Languages that write "1.234,5" (the others write "1,234.5"), by Tesseract code. */
const DECIMAL_COMMA = new Set(['deu', 'fra', 'spa', 'ita', 'por', 'nld', 'dan', 'pol', 'tur', 'rus', 'ind', 'ukr', 'ces', 'swe', 'nor', 'fin']);

/** The style a document in these languages most likely uses, where its figures do not tell. */
export function styleForLanguages(languages: readonly string[]): NumberStyle {
  const first = languages[0] ?? 'eng';
  return DECIMAL_COMMA.has(first) ? { decimal: ',', dates: 'dmy' } : { decimal: '.', dates: first === 'eng' ? 'mdy' : 'dmy' };
}
