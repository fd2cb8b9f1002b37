import type { TFunction } from 'i18next';
import type { ProgressStage } from '@textlift/core/conversion';

/** What an OCR job is doing, for the tools that read one image: the engine, the second recogniser, the page. */
export function ocrProgressLabel(stage: ProgressStage, fraction: number, t: TFunction): string {
  const percent = Math.round(fraction * 100);
  if (stage === 'recognizing') return t('hero.recognizing', { percent });
  if (stage === 'preparing') return t('hero.preparing');
  if (stage === 'loading-model') return t('hero.loadingModel', { percent });
  return t('hero.loadingEngine', { percent });
}
