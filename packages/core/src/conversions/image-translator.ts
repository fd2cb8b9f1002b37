import type { Conversion } from '../conversion.ts';
import { nameAfterFile } from '../output-names.ts';
import { ConversionError } from '../errors.ts';
import type { OcrLanguage } from '../ocr/languages.ts';
import { progressPart } from '../progress.ts';
import { languageOfOcr, type TranslationTarget } from '../translation/languages.ts';
import { translateText } from '../translation/translate-text.ts';
import { readImage } from './image-to-text.ts';
import { withLanguage } from '../ocr/detect/detect-languages.ts';

const encoder = new TextEncoder();

/**
 * Image Translator: the image read by OCR in the source language, then translated paragraph by
 * paragraph by the first engine that translates the pair. The engine is found before the image
 * is read, so a pair nobody translates fails at once rather than after the OCR.
 */
export const imageTranslator: Conversion<{ target: TranslationTarget; source: OcrLanguage[] }> = async ({ files }, { target, source }, context) => {
  // A source to be found on the picture (`auto`) is known only once it is read.
  const found = source.length === 0;
  const pairOf = (languages: readonly string[]) => {
    const pair = { source: languageOfOcr(languages), target };
    if (pair.source === pair.target) {
      throw new ConversionError('bad-request', `The text is in ${target} already: choose another target language.`, { field: 'target' });
    }
    return pair;
  };
  const given = found ? undefined : pairOf(source);
  const chosen = given && (await context.host.engines.translation.engineFor(given));
  // Reading is most of the time; translating a page's paragraphs takes a second or two.
  const page = await readImage(files[0], source, { ...context, onProgress: progressPart(context.onProgress, 0, 0.85) });
  const pair = given ?? pairOf(page.language?.codes ?? []);
  const engine = chosen ?? (await context.host.engines.translation.engineFor(pair));
  const translated = await translateText(page.text, engine, pair, { onProgress: progressPart(context.onProgress, 0.85, 1), signal: context.signal });
  return {
    text: translated,
    outputs: [
      {
        name: nameAfterFile(files[0]!.name, `-${target}.txt`, `translation-${target}.txt`),
        type: 'text/plain; charset=utf-8',
        bytes: encoder.encode(translated),
      },
    ],
    data: { translation: { original: page.text, engine: engine.id, source: pair.source, target }, ...withLanguage(page.language) },
  };
};
