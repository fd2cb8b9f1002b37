import type { ProgressCallback, ProgressStage } from './conversion.ts';

/**
 * Reports of one part of a job, each with the part's own 0 to 1, placed in [from, to] of the
 * whole job's bar: a job made of parts (read the image, then translate it) moves one bar
 * forward through them rather than filling and emptying it once per part.
 */
export function progressPart(onProgress: ProgressCallback | undefined, from: number, to: number): ProgressCallback | undefined {
  return onProgress && ((fraction, stage, detail) => onProgress(from + (to - from) * Math.min(1, Math.max(0, fraction)), stage, detail));
}

/**
 * Where each step of reading one page by OCR sits in that page's share of the bar. Each step
 * reports its own 0 to 1. Recognition is most of a page's time on a warm engine; loading the
 * engine (about 1.5 s on a first visit) and the second recogniser (about 18 MB, fetched once)
 * come first or not at all, so they get a small share, not the time a cold start takes.
 */
const OCR_PAGE_STEPS: Partial<Record<ProgressStage, readonly [number, number]>> = {
  loading: [0, 0.15],
  preparing: [0.15, 0.2],
  recognizing: [0.2, 0.85],
  'loading-model': [0.85, 0.9],
  rereading: [0.9, 1],
};

/**
 * Progress of reading one page by OCR, its steps placed in order in [from, to] of the job.
 * `stageOf` renames a step for the page (a PDF page's recognition is "reading page 3 of 10").
 */
export function ocrPageProgress(
  onProgress: ProgressCallback | undefined,
  {
    from = 0,
    to = 1,
    detail,
    stageOf = (stage) => stage,
  }: { from?: number; to?: number; detail?: { page: number; pages: number }; stageOf?(stage: ProgressStage): ProgressStage } = {},
): ProgressCallback | undefined {
  if (!onProgress) return undefined;
  return (fraction, stage, own) => {
    const [start, end] = OCR_PAGE_STEPS[stage] ?? [0, 1];
    const within = start + (end - start) * Math.min(1, Math.max(0, fraction));
    onProgress(from + (to - from) * within, stageOf(stage), own ?? detail);
  };
}
