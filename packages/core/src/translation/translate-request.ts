import * as v from 'valibot';
import { ConversionError } from '../errors.ts';
import { serverEngineIds, type ServerEngineId } from './engines.ts';
import { sameLanguage, type LanguagePair } from './languages.ts';

/**
 * Most characters one POST /api/v1/translate takes: a dense page read by OCR is about 5000; the
 * page sends a long text in batches of whole paragraphs (translate-text.ts), each far below.
 */
export const TRANSLATE_MAX_CHARS = 20_000;
/** Most texts in one list. */
export const TRANSLATE_MAX_TEXTS = 500;

const language = v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'a language code such as "en" or "es"'));

const schema = v.pipe(
  v.strictObject({
    /** One text, translated with its structure kept: paragraphs, and lines that stand alone. */
    text: v.optional(v.pipe(v.string(), v.maxLength(TRANSLATE_MAX_CHARS))),
    /** Or a list of texts, each translated on its own, answered in the same order. */
    // One line each: a text of several lines is what `text` is for, and would cost an engine call a line.
    texts: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[^\n\r]*$/, 'one line each'))), v.minLength(1), v.maxLength(TRANSLATE_MAX_TEXTS))),
    source: v.optional(language, 'en'),
    target: language,
    /** The engine to use, where the page chose one and names it on the result; else the first that can. */
    engine: v.optional(v.picklist(serverEngineIds)),
  }),
  v.check((body) => !sameLanguage(body), 'the text is in the target language already'),
  v.check((body) => (body.text === undefined) !== (body.texts === undefined), 'send either text or texts'),
  v.check((body) => (body.texts ?? []).reduce((sum, text) => sum + text.length, 0) <= TRANSLATE_MAX_CHARS, `at most ${TRANSLATE_MAX_CHARS} characters`),
  v.check((body) => (body.text ?? body.texts?.join('') ?? '').trim().length > 0, 'nothing to translate'),
);

export type TranslateRequest = { pair: LanguagePair; engine?: ServerEngineId } & ({ text: string; texts?: undefined } | { texts: string[]; text?: undefined });

/** Checks a body of POST /api/v1/translate; a bad one is a bad request naming the field. */
export function parseTranslateRequest(body: unknown): TranslateRequest {
  const result = v.safeParse(schema, body);
  if (!result.success) {
    const issue = result.issues[0];
    const field = issue?.path?.map((step) => String(step.key)).join('.') || undefined;
    throw new ConversionError('bad-request', `Invalid ${field ?? 'request'}: ${issue?.message ?? 'not allowed'}`, field ? { field } : {});
  }
  const { text, texts, source, target, engine } = result.output;
  const pair = { source, target };
  return text !== undefined ? { pair, engine, text } : { pair, engine, texts: texts! };
}
