import type { ImageType } from '../sniff.ts';

export interface OcrOptions {
  /** Tesseract language codes, e.g. ["eng"] or ["eng", "deu"]. */
  languages: string[];
  signal?: AbortSignal;
  /** Fraction of the page recognised, 0 to 1, or of the engine loaded. */
  onProgress?: (fraction: number, stage: 'loading' | 'recognizing') => void;
}

export interface OcrResult {
  text: string;
  /** Mean word confidence, 0 to 100, as the engine reports it. */
  confidence?: number;
}

export interface OcrEngine {
  /** A short name for logs, /healthz and benchmarks ("tesseract 5.3.0", "tesseract.js 7"). */
  readonly name: string;
  /** Image types the engine decodes itself; others are converted to PNG first. */
  readonly reads: readonly ImageType[];
  recognize(image: Uint8Array, options: OcrOptions): Promise<OcrResult>;
  terminate(): Promise<void>;
}

/**
 * Tesseract output keeps the page's line breaks, and ends lines and the page with spaces and
 * blank lines of its own; those are not the user's text.
 */
export function normalizeOcrText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
