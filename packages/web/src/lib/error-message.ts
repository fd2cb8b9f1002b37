import type { TFunction } from 'i18next';
import type { ConversionError } from '@textlift/core/errors';

/** The visitor's words for a failed conversion; details fill in limits and sizes. */
export function errorMessage(error: ConversionError, t: TFunction): string {
  const d = error.details;
  switch (error.code) {
    case 'no-text':
      return t('errors.noTextInImage');
    case 'empty-file':
      return t('errors.emptyFile');
    case 'corrupt':
      return t('errors.corruptImage');
    case 'too-many-pixels':
      return t('errors.tooManyPixels', { width: d.width, height: d.height, max: d.maxMegapixels });
    case 'too-large':
      return t('errors.tooLarge', { max: d.maxMegabytes });
    case 'unsupported-type':
      return t('errors.unsupportedType');
    case 'busy':
    case 'timeout':
      return t('errors.busy');
    default:
      return t('errors.processingImage');
  }
}
