import type { TFunction } from 'i18next';
import type { ProgressDetail, ProgressStage } from '@textlift/core/conversion';

/** The words under the bar of a Word tool: checked, sent, laid out on our server, then pages drawn here. */
export function officeStepLabel({ stage, detail }: { stage?: ProgressStage; detail?: ProgressDetail }, t: TFunction): string {
  if (detail) return t('wordToJpg.page', { page: detail.page, pages: detail.pages });
  if (stage === 'uploading') return t('wordToPdf.uploading');
  if (stage === 'converting') return t('wordToPdf.laying');
  return t('wordToPdf.checking');
}
