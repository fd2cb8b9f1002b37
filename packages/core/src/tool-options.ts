import { AUTO_OCR_LANGUAGE, MAX_OCR_LANGUAGES, ocrLanguages, type OcrLanguage } from './ocr/languages.ts';

/**
 * One option of a tool, declared as data: what values it takes, its default, and how OpenAPI
 * describes it. `parse-options.ts` turns the declaration into a valibot schema where options
 * are checked (the worker and the server), so the registry the home page loads carries no
 * validation code. Both hosts and the page read the same declaration.
 */
export type OptionRule =
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'number-choice'; values: readonly number[] }
  | { kind: 'integer'; min: number; max: number; presets?: Readonly<Record<string, number>>; step?: number }
  | { kind: 'text'; maxLength: number }
  | { kind: 'text-list'; maxItems: number; maxLength: number }
  | { kind: 'ocr-languages' }
  | { kind: 'color' };

export type OptionField<T> = OptionRule & {
  /** The value used when the field is left out, in the form a page or a client sends it. */
  fallback: string | number;
  /** JSON Schema of the field as sent (a string or number), for the API's description. */
  json: Record<string, unknown>;
  /** The checked value's type; never set, it only carries T. */
  readonly value?: T;
};

export type OptionFields = Readonly<Record<string, OptionField<unknown>>>;

/** The checked values a conversion receives. */
export type OptionValues<F extends OptionFields> = { [K in keyof F]: F[K] extends OptionField<infer T> ? T : never };

/** Longest value of any free-text option (a password), so nothing long is ever cut silently. */
export const MAX_OPTION_LENGTH = 1024;

/** A declared option with its exact values, as the builders below make them. */
type Declared<T, R> = R & { json: Record<string, unknown>; readonly value?: T };

/** One of a fixed set of words ("docx", "a4"). */
export function choice<const V extends string>(values: readonly V[], fallback: V): Declared<V, { kind: 'choice'; values: readonly V[]; fallback: V }> {
  return { kind: 'choice', values, fallback, json: { type: 'string', enum: values, default: fallback } };
}

/**
 * One of a fixed set of words that has no default: a request must name one (the Image
 * Translator's target language), and a page starts with none chosen ("").
 */
export function requiredChoice<const V extends string>(values: readonly V[]): Declared<V, { kind: 'choice'; values: readonly V[]; fallback: '' }> {
  return { kind: 'choice', values, fallback: '', json: { type: 'string', enum: values } };
}

/** An option a request must send: a choice without a default (requiredChoice). */
export function isRequiredOption(field: OptionField<unknown>): boolean {
  return field.kind === 'choice' && field.fallback === '';
}

/** One of a few numbers (a resolution); a form field's "150" counts as 150. */
export function numberChoice<const V extends number>(
  values: readonly V[],
  fallback: V,
): Declared<V, { kind: 'number-choice'; values: readonly V[]; fallback: V }> {
  return { kind: 'number-choice', values, fallback, json: { type: 'integer', enum: values, default: fallback } };
}

/**
 * A whole number in a range; a form field's "18" counts as 18. A page offers the named
 * `presets` where there are some (margins: none, small, large), else the whole range in `step`s.
 */
export function integer<const P extends Record<string, number>>(
  min: number,
  max: number,
  fallback: number,
  shown: { presets?: P; step?: number } = {},
): Declared<number, { kind: 'integer'; min: number; max: number; fallback: number; presets?: P; step?: number }> {
  return { kind: 'integer', min, max, fallback, ...shown, json: { type: 'integer', minimum: min, maximum: max, default: fallback } };
}

/** Free text up to a length (a password). */
export function freeText(maxLength = MAX_OPTION_LENGTH, fallback = ''): OptionField<string> {
  return { kind: 'text', maxLength, fallback, json: { type: 'string', maxLength, default: fallback } };
}

/** A list of short texts, one per input file (passwords): an array, or JSON of one in a form field. */
export function textList(maxItems: number, maxLength = MAX_OPTION_LENGTH): OptionField<string[]> {
  return {
    kind: 'text-list',
    maxItems,
    maxLength,
    fallback: '[]',
    json: { type: 'string', description: `JSON array of up to ${maxItems} strings of up to ${maxLength} characters`, default: '[]' },
  };
}

/**
 * OCR languages as "eng" or up to three joined by "+" ("eng+deu+fra"), or `auto` (the default):
 * found on each page, franc's near candidates weighed by their word lists (ocr/detect/). The
 * checked value of `auto` is the empty list.
 */
export const ocrLanguageOption: OptionField<OcrLanguage[]> = {
  kind: 'ocr-languages',
  fallback: AUTO_OCR_LANGUAGE,
  json: {
    type: 'string',
    pattern: `^${AUTO_OCR_LANGUAGE}$|^(${ocrLanguages.join('|')})(\\+(${ocrLanguages.join('|')})){0,${MAX_OCR_LANGUAGES - 1}}$`,
    default: AUTO_OCR_LANGUAGE,
  },
};

/** A colour as `#rrggbb` (or `#rgb`, widened); checked values are always six lower-case digits. */
export function color(fallback: string): OptionField<string> {
  return { kind: 'color', fallback, json: { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', default: fallback } };
}
