/**
 * A cell's text as the value a spreadsheet should hold: a number with the format it was
 * printed in, a date, or the text itself. The way the cell's column (or else its document)
 * writes numbers decides what "1,505" means (one thousand five hundred and five, or one and a half).
 */
export type CellValue =
  | { kind: 'number'; value: number; format: string; decimals: number }
  | { kind: 'date'; value: Date; format: string }
  | { kind: 'text'; value: string };

/** How a document writes numbers and dates. */
export interface NumberStyle {
  decimal: '.' | ',';
  /** Day-month-year, or month-day-year (the US). */
  dates: 'dmy' | 'mdy';
}

const SPACE = '[\\s\\u00a0\\u202f\\u2009]';
const SPACES = /[\s\u00a0\u202f\u2009]/g;
const HAS_SPACE = /[\s\u00a0\u202f\u2009]/;
/** Minus signs as printed: hyphen, minus, en dash. */
const MINUS = '[-\u2212\u2013]';
/**
 * Currencies as printed before or after a figure: signs, the local abbreviations of our
 * languages' countries (R$, Rp, kr., zł, TL) and the ISO codes statements print ("USD 1,200.00").
 */
const CURRENCIES = [
  'US$',
  'A$',
  'C$',
  'NZ$',
  'HK$',
  'S$',
  'R$',
  'Rp',
  'kr.',
  'kr',
  'zł',
  'Kč',
  'Ft',
  'TL',
  'Fr.',
  'lei',
  'руб.',
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'CNY',
  'INR',
  'RUB',
  'BRL',
  'IDR',
  'PHP',
  'TRY',
  'PLN',
  'DKK',
  'SEK',
  'NOK',
  'CZK',
  'HUF',
  'MXN',
  'ZAR',
  'SGD',
  'HKD',
  'KRW',
  '$',
  '€',
  '£',
  '¥',
  '₩',
  '₹',
  '₽',
  '₺',
  '₱',
  '₫',
  '₪',
  '₴',
  '₦',
  '¢',
];
const CURRENCY = `(?:${CURRENCIES.map((c) => c.replace(/[.$]/g, '\\$&')).join('|')})`;

/**
 * A printed figure's parts: a sign before it, a currency or percent sign before or after (with
 * the space it was printed with), a sign between currency and digits ("€ -1.234,50"), the digits
 * (spaces only between digits), a trailing minus ("99,975.08 -"), brackets round it all.
 */
const FIGURE = new RegExp(
  `^(?<open>\\()?(?<lead>${MINUS}|[+△▲])?(?:(?<pre>${CURRENCY}|%)(?<preSpace>${SPACE}?))?(?<mid>${MINUS})?` +
    `(?<body>\\d(?:[\\d.,]|${SPACE}(?=\\d))*)(?:(?<postSpace>${SPACE}?)(?<post>${CURRENCY}|%))?(?<trail>${SPACE}?${MINUS})?(?<close>\\))?$`,
  'u',
);

interface Figure {
  open?: string;
  lead?: string;
  pre?: string;
  preSpace?: string;
  mid?: string;
  body: string;
  postSpace?: string;
  post?: string;
  trail?: string;
  close?: string;
}

function figureOf(text: string): Figure | undefined {
  const groups = FIGURE.exec(text)?.groups as Figure | undefined;
  if (!groups || !/\d$/.test(groups.body)) return undefined;
  if (Boolean(groups.open) !== Boolean(groups.close)) return undefined;
  // One way of saying "negative" at a time.
  if ([groups.open, groups.lead, groups.mid, groups.trail].filter(Boolean).length > 1) return undefined;
  // A sign between a currency and the digits; a currency or a percent on one side only.
  if ((groups.mid && (!groups.pre || groups.pre === '%')) || (groups.pre && groups.post)) return undefined;
  return groups;
}

/**
 * What a figure's digits say of the decimal mark: "." or "," where only one style can read them
 * ("1,234,567", "3.25", "1.234,5", "0,125", "1 234,5"), nothing where both can ("1,234", "12").
 */
function decimalOf(body: string): '.' | ',' | undefined {
  if (HAS_SPACE.test(body)) {
    const mark = /[.,]/.exec(body);
    return mark ? (mark[0] as '.' | ',') : undefined;
  }
  for (const [mark, group] of [
    ['.', ','],
    [',', '.'],
  ] as const) {
    const [m, g] = [mark === '.' ? '\\.' : ',', group === '.' ? '\\.' : ','];
    if (new RegExp(`^\\d{1,3}(${g}\\d{3}){2,}$`).test(body)) return mark;
    if (new RegExp(`^\\d{1,3}(${g}\\d{3})+${m}\\d+$`).test(body)) return mark;
    // Not three digits after the mark, or a leading nought: a decimal mark, never a grouping.
    if (new RegExp(`^\\d+${m}(\\d{1,2}|\\d{4,})$`).test(body) || new RegExp(`^0${m}\\d+$`).test(body)) return mark;
  }
  return undefined;
}

/**
 * The number style of some cells (a column, a document), judged from their figures: figures
 * only one style can mean outvote each other; dates with a day above 12 tell their order.
 * Where nothing tells, the fallback holds (the document's style for a column, the style of
 * the document's language for a document).
 */
export function numberStyle(texts: Iterable<string>, fallback: NumberStyle): NumberStyle {
  let dot = 0;
  let comma = 0;
  let dmy = 0;
  let mdy = 0;
  /** Marks of figures both styles can read ("1,234"), and the longest whole figure with no mark. */
  const twoWay = new Set<string>();
  let longestWhole = 0;
  for (const raw of texts) {
    const text = raw.trim();
    const figure = figureOf(text);
    const mark = figure && decimalOf(figure.body);
    if (mark === '.') dot++;
    if (mark === ',') comma++;
    if (figure && /^\d{1,3}[.,]\d{3}$/.test(figure.body)) twoWay.add(figure.body.charAt(figure.body.length - 4));
    if (figure && /^\d+$/.test(figure.body)) longestWhole = Math.max(longestWhole, figure.body.length);
    const date = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
    if (date) {
      if (Number(date[1]) > 12 && Number(date[2]) <= 12) dmy++;
      if (Number(date[2]) > 12 && Number(date[1]) <= 12) mdy++;
    }
  }
  // Where no figure is one-way, "1.505" beside whole figures all under a thousand ("12", "850")
  // groups thousands: a column of three-decimal figures would print "12,000". (Whole figures of
  // four digits tell nothing: Spanish and Polish group only from five.)
  if (dot === comma && twoWay.size === 1 && longestWhole > 0 && longestWhole <= 3) {
    if (twoWay.has(',')) dot++;
    else comma++;
  }
  return {
    decimal: dot > comma ? '.' : comma > dot ? ',' : fallback.decimal,
    dates: dmy > mdy ? 'dmy' : mdy > dmy ? 'mdy' : fallback.dates,
  };
}

/** Figures past this many digits lose precision as a number (an account or card number): text. */
const MAX_DIGITS = 15;

/**
 * The language a decimal-comma or space-grouped figure's format is tagged with, so that a
 * spreadsheet program that honours a format's language (LibreOffice) shows "1.234,56" and
 * "12 345" as printed: German for groups by dots, French for groups by spaces. Excel shows
 * every number with the reader's own separators whatever the tag, as a reader there expects.
 */
const COMMA_LOCALE = { dots: '[$-407]', spaces: '[$-40C]' };

export function cellValue(raw: string, style: NumberStyle): CellValue {
  const text = raw.trim();
  return number(text, style) ?? date(text, style) ?? { kind: 'text', value: raw };
}

/** Text as a format's literal: quoted, so that no character of it is read as a code. */
const literal = (text: string) => (text ? `"${text}"` : '');

function number(text: string, style: NumberStyle): CellValue | undefined {
  const figure = figureOf(text);
  if (!figure) return undefined;
  const { body } = figure;
  const spaced = HAS_SPACE.test(body);
  let decimal: string = style.decimal;
  let thousands = decimal === '.' ? ',' : '.';
  if (spaced) {
    // "1 234 567,5": groups of three after the first, the mark after them whichever it is;
    // "555 1234", a phone number, is text.
    if (!new RegExp(`^\\d{1,3}(${SPACE}\\d{3})+([.,]\\d+)?$`).test(body)) return undefined;
    decimal = /,/.test(body) ? ',' : '.';
    thousands = ' ';
  }
  const digits = body.replace(SPACES, thousands === ' ' ? '' : ' ');
  const d = decimal === '.' ? '\\.' : ',';
  const t = thousands === ',' ? ',' : '\\.';
  let integer: string;
  let fraction = '';
  if (new RegExp(`^\\d+(${d}\\d+)?$`).test(digits)) [integer, fraction = ''] = digits.split(decimal) as [string, string?];
  else if (!spaced && new RegExp(`^\\d{1,3}(${t}\\d{3})+(${d}\\d+)?$`).test(digits)) {
    [integer, fraction = ''] = digits.split(decimal) as [string, string?];
    integer = integer.split(thousands).join('');
  } else return undefined;
  // "007", a postcode "02134": the leading zero is part of the value.
  if (/^0\d/.test(integer) || integer.length + fraction.length > MAX_DIGITS) return undefined;
  const { open, lead, pre, preSpace = '', mid, post, postSpace = '', trail } = figure;
  const minus = Boolean(open || mid || trail || (lead && lead !== '+'));
  // A percent's value is read a hundredth of the printed figure, exactly: "64.82%" is 0.6482.
  const exponent = pre === '%' || post === '%' ? 'e-2' : '';
  const value = Number(`${integer}.${fraction || '0'}${exponent}`) * (minus ? -1 : 1);
  const groups = spaced || digits.includes(thousands);
  const core = `${groups ? '#,##0' : '0'}${fraction ? `.${'0'.repeat(fraction.length)}` : ''}`;
  const before = pre === '%' ? `%${literal(preSpace)}` : pre ? literal(pre + preSpace) : '';
  const after = post === '%' ? `${literal(postSpace)}%` : post ? literal(postSpace + post) : '';
  const shown = `${before}${core}${after}`;
  // Negatives keep the way they were printed; a plain minus before it all is every program's own.
  let negative = '';
  if (open) negative = `(${shown})`;
  else if (lead && lead !== '+') negative = lead === '-' ? `-${shown}` : `${literal(lead)}${shown}`;
  else if (mid) negative = `${before.replace(/"$/, '')}${mid}"${core}${after}`;
  else if (trail) negative = `${shown}${literal(trail)}`;
  let format = shown;
  if (lead === '+') format = `"+"${shown};-${shown};${shown}`;
  // "△0", "(0.00)": a negative rounded to nothing is shown as printed, sign and all.
  else if (negative && value === 0) format = `${shown};${negative};${negative}`;
  else if (negative && lead !== '-') format = `${shown};${negative}`;
  // Groups by spaces show only in French; a decimal comma, in French or German.
  if (spaced && (decimal === ',' || !fraction)) format = COMMA_LOCALE.spaces + format;
  else if (decimal === ',' && (fraction || groups)) format = COMMA_LOCALE.dots + format;
  return { kind: 'number', value: value === 0 ? 0 : value, format, decimals: fraction.length };
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
  const format =
    style.dates === 'dmy'
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
