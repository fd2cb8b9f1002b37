import type { TFunction } from 'i18next';
import type { ProgressDetail, ProgressStage } from '@textlift/core/conversion';

/** What an OCR job is doing, for the tools that read one image: the engine, the second recogniser, the page. */
export function ocrProgressLabel(stage: ProgressStage, fraction: number, t: TFunction): string {
  const percent = Math.round(fraction * 100);
  if (stage === 'recognizing') return t('hero.recognizing', { percent });
  if (stage === 'preparing') return t('hero.preparing');
  if (stage === 'loading-model') return t('hero.loadingModel', { percent });
  if (stage === 'rereading') return t('hero.rereading', { percent });
  return t('hero.loadingEngine', { percent });
}

/**
 * What a PDF job that may read scanned pages is doing: its page, the text recogniser loading for
 * the first scanned page, the second recogniser, the file. The percent is the whole job's, as the bar.
 */
export function pdfReadingLabel({ stage, fraction, detail }: { stage: ProgressStage; fraction: number; detail?: ProgressDetail }, t: TFunction): string {
  if (stage === 'reading' && detail) return t('toolPage.readingPage', { page: detail.page, pages: detail.pages });
  if (stage === 'loading-model' || stage === 'rereading' || (stage === 'loading' && detail)) return ocrProgressLabel(stage, fraction, t);
  return stage === 'loading' ? t('toolPage.loadingPdf') : t('toolPage.processingDocument');
}
