import type { TFunction } from 'i18next';
import type { ConversionError, ErrorCode } from '@textlift/core/errors';
import type en from '../i18n/locales/en.json';

/** What the failed input was, for the messages whose words depend on it ("This PDF is damaged"). */
export type FileKind = 'image' | 'pdf' | 'file';

type ErrorTexts = (typeof en)['errors'];
/** Fails to compile when an error code has no message in the dictionary. */
const everyCodeHasAMessage: Exclude<ErrorCode, keyof ErrorTexts> extends never ? true : never = true;
void everyCodeHasAMessage;

/** Codes whose message names the kind of file: one sentence per kind, as grammar needs. */
type KindedCode = { [C in keyof ErrorTexts]: ErrorTexts[C] extends Record<FileKind, string> ? C : never }[keyof ErrorTexts];
const kinded = new Set<string>(['corrupt', 'no-text', 'engine-failed'] satisfies KindedCode[]);

/** The visitor's words for a failed conversion (`errors.{code}`); details fill in limits and sizes. */
export function errorMessage(error: ConversionError, t: TFunction, kind: FileKind = 'file'): string {
  const d = error.details;
  const key = kinded.has(error.code) ? `errors.${error.code}.${kind}` : `errors.${error.code}`;
  return t(specificKey(error, kind) ?? (key as 'errors.busy'), {
    max: d.maxMegabytes ?? d.maxMegapixels ?? d.maxFiles ?? d.maxLength ?? d.maxPages,
    pages: d.pages,
    min: d.minFiles,
    width: d.width,
    height: d.height,
    needed: d.neededMegabytes,
  });
}

/** Codes whose details tell a case apart: too many pages rather than bytes, a page too big to draw. */
function specificKey(error: ConversionError, kind: FileKind) {
  if (error.code === 'too-large' && error.details.unpacked !== undefined) return 'errors.too-large-unpacked';
  if (error.code === 'too-large' && error.details.maxPages !== undefined) {
    return error.details.files !== undefined ? 'errors.too-many-pages-merged' : 'errors.too-many-pages';
  }
  if (error.code === 'too-many-pixels' && kind === 'pdf') return 'errors.page-too-many-pixels';
  return undefined;
}
