import { francAll } from 'franc';
import { catalogueEntry } from '../language-catalogue.ts';
import { languagesOfScript } from './scripts.ts';

/**
 * Where franc (ISO 639-3, by individual language) names a language by another code than
 * Tesseract's model (by macrolanguage or its own older code). Franc has no Latin, Middle English
 * or Fraktur: those are never found, only chosen by hand.
 */
const francToTesseract: Readonly<Record<string, string>> = {
  cmn: 'chi_sim',
  arb: 'ara',
  pes: 'fas',
  prs: 'fas',
  zlm: 'msa',
  als: 'sqi',
  azj: 'aze',
  uzn: 'uzb',
  ydd: 'yid',
  npi: 'nep',
  swh: 'swa',
  ekk: 'est',
  lvs: 'lav',
  khk: 'mon',
  ory: 'ori',
  pbu: 'pus',
  quy: 'que',
  nob: 'nor',
  tgl: 'fil',
  hms: 'hmn',
};

const tesseractToFranc = new Map(Object.entries(francToTesseract).map(([franc, tesseract]) => [tesseract, franc]));

/** Franc's codes for Tesseract's: a model that stands for a macrolanguage answers to each of its members franc knows. */
function francCodesOf(code: string): string[] {
  const codes = Object.entries(francToTesseract)
    .filter(([, tesseract]) => tesseract === code)
    .map(([franc]) => franc);
  return codes.length > 0 ? codes : [tesseractToFranc.get(code) ?? code];
}

/** Fewer letters than this say too little for trigrams (franc's own floor is 10). */
export const MIN_IDENTIFIED_LETTERS = 20;

/**
 * The languages of `script` a text may be in, most likely first, with franc's score (1 for the
 * likeliest, less for others): only languages we have a model of are weighed. Undefined where
 * the text is too short to tell, or no candidate fits.
 */
export function identifyLanguage(text: string, script: string): Array<[string, number]> | undefined {
  const candidates = languagesOfScript(script);
  if (candidates.length === 0) return undefined;
  if (candidates.length === 1) return [[candidates[0]!, 1]];
  const only = candidates.flatMap(francCodesOf);
  const ranked = francAll(text, { only, minLength: MIN_IDENTIFIED_LETTERS });
  if (ranked[0]?.[0] === 'und') return undefined;
  const seen = new Set<string>();
  const found: Array<[string, number]> = [];
  for (const [code, score] of ranked) {
    const tesseract = francToTesseract[code] ?? code;
    if (seen.has(tesseract) || !catalogueEntry(tesseract)) continue;
    seen.add(tesseract);
    found.push([tesseract, score]);
  }
  if (found.length === 0) return undefined;
  // A near tie between close neighbours (Galician and Portuguese, Danish and Norwegian) on a few
  // sentences goes to the language far more pages are written in.
  const [first, second] = found;
  if (second && first![1] - second[1] < NEAR_TIE && WIDELY_WRITTEN.has(second[0]) && !WIDELY_WRITTEN.has(first![0])) {
    found[0] = second;
    found[1] = first!;
  }
  return found;
}

/** Scores this close (franc's, the best 1) are a tie the words read cannot settle. */
const NEAR_TIE = 0.03;
/** Languages of the most pages: the site's 13 interface languages' and the most read besides. */
const WIDELY_WRITTEN = new Set(['eng', 'rus', 'spa', 'fra', 'fil', 'ind', 'deu', 'por', 'dan', 'nld', 'pol', 'ita', 'tur', 'ara', 'hin', 'ukr', 'vie']);
